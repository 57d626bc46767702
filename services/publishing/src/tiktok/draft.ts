import type { Decider } from '@brandloom/runtime';
import type { PublishingEventOf } from '../events.js';

export const tiktokDraftStream = (postId: string): string => `tiktokDraft-${postId}`;

type DraftUploaded = PublishingEventOf<'publishing.TikTokDraftUploaded'>;

export type TikTokDraftState = { uploaded: false } | { uploaded: true; publishId: string };

export type TikTokDraftCommand = { type: 'RecordUploaded' } & DraftUploaded['data'];

/** A post's pack goes into the creator's drafts once: a second upload of the same post records nothing. */
export const tiktokDraftDecider: Decider<TikTokDraftCommand, DraftUploaded, TikTokDraftState> = {
  initialState: () => ({ uploaded: false }),
  decide: ({ type: _type, ...data }, state) =>
    state.uploaded ? [] : [{ type: 'publishing.TikTokDraftUploaded', data }],
  evolve: (_state, event) => ({ uploaded: true, publishId: event.data.publishId }),
};

import { PostApproved, PostChanged, SlotGenerationFailed } from '@brandloom/proto-events';
import { envelopeOf, type RecordedEvent } from '@brandloom/runtime';
import { contentCodec, type ContentEvent, type PostSnapshot } from './events.js';
import { snapshotOfCreated } from './posts/post.js';

/** The recorded events that publish something; the rest are not even decoded. */
const publishing = new Set<string>([
  'content.PostCreated',
  'content.PostApproved',
  'content.PostRejected',
  'content.PostScheduled',
  'content.PostPosted',
  'content.PostFailed',
  'content.PostApprovalAnnounced',
  'content.SlotGenerationFailed',
] satisfies ContentEvent['type'][]);

/**
 * What content publishes (ADR 0013): every change of a post's lifecycle as `content.PostChanged`
 * with its whole state, which each event carries; the approval as `content.PostApproved` too
 * (ADR 0011); and a slot of the AI posting schedule no post could be made for. Brand settings,
 * usage and the reasons behind a state stay inside.
 */
export function contentIntegrationEvent(recorded: RecordedEvent) {
  if (!publishing.has(recorded.type)) return null;
  const event = contentCodec.decode(recorded);
  const changed = (ref: { postId: string; userId: string }, post: PostSnapshot, changedAt: string) =>
    envelopeOf(recorded, PostChanged, { postId: ref.postId, userId: ref.userId, ...post, changedAt });
  switch (event.type) {
    case 'content.PostCreated':
      return changed(event.data, snapshotOfCreated(event.data), event.data.createdAt);
    case 'content.PostApproved':
      // An approval recorded before PostChanged existed published PostApproved itself.
      if (!event.data.post) {
        return envelopeOf(recorded, PostApproved, {
          postId: event.data.postId,
          userId: event.data.userId,
          approvedAt: event.data.at,
        });
      }
      return changed(event.data, event.data.post, event.data.at);
    case 'content.PostRejected':
      return event.data.post ? changed(event.data, event.data.post, event.data.at) : null;
    case 'content.PostScheduled':
    case 'content.PostPosted':
    case 'content.PostFailed':
      return changed(event.data, event.data.post, event.data.at);
    case 'content.PostApprovalAnnounced':
      return envelopeOf(recorded, PostApproved, {
        postId: event.data.postId,
        userId: event.data.userId,
        approvedAt: event.data.at,
      });
    case 'content.SlotGenerationFailed': {
      const { slotId, userId, platform, reason, at } = event.data;
      return envelopeOf(recorded, SlotGenerationFailed, { slotId, userId, platform, reason, failedAt: at });
    }
    case 'content.BrandSettingsSaved':
    case 'content.GenerationRecorded':
    case 'content.DraftTokensRecorded':
      return null;
  }
}

import {
  publishablePlatforms,
  type PostChanged,
  type PostStatus,
  type PublishablePlatform,
} from '@brandloom/proto-events';
import type { Decider } from '@brandloom/runtime';
import { accountHold, type AccountStanding } from '../accounts/plan-gate.js';
import type { AutoPostingSettings } from '../auto-posting/auto-posting-settings.js';
import type { SchedulingEventOf } from '../events.js';

export const timerStream = (postId: string): string => `timer-${postId}`;

/** A post's durable timer, as its stream tells it. */
export type PostTimer =
  | { status: 'untracked' }
  | {
      status: 'queued';
      userId: string;
      platform: PublishablePlatform;
      dueAt: string;
      /** Why it did not go out at its time, while it waits; null before its time. */
      heldReason: string | null;
    }
  | { status: 'fired'; dueAt: string; firedAt: string }
  | { status: 'cancelled' };

export type PostTimerCommand =
  /** Content's whole post, on every change; `mayAutoPost` from the owner's plan at that moment. */
  | { type: 'TrackPost'; post: PostChanged; mayAutoPost: boolean; quotaWarning: string | null; at: string }
  /** A timer tick: `hold` is why the post may not go out now (`holdReasonOf`), or null. */
  | { type: 'FireIfDue'; postId: string; now: string; content: string; hold: string | null };

type PostTimerEvent = SchedulingEventOf<
  'scheduling.PostQueued' | 'scheduling.PostDue' | 'scheduling.PostHeld' | 'scheduling.PostTimerCancelled'
>;

const isPublishable = (platform: string): platform is PublishablePlatform =>
  (publishablePlatforms as readonly string[]).includes(platform);
const goingOut: readonly PostStatus[] = ['approved', 'scheduled'];
const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/** Whether the post itself asks to go out by itself: approved (or already scheduled), auto-post, a platform Brandloom publishes to. */
const wantsToGoOut = (post: PostChanged) =>
  goingOut.includes(post.status) && post.autoPost && isPublishable(post.platform);

function whyNotAnyMore(post: PostChanged): string {
  if (post.status === 'rejected') return 'The post was rejected';
  if (post.status === 'pending') return 'The post is waiting for approval again';
  return 'Auto-post was turned off for the post';
}

function trackPost(command: Extract<PostTimerCommand, { type: 'TrackPost' }>, state: PostTimer): PostTimerEvent[] {
  const { post, at } = command;
  const queued = (dueAt: string): PostTimerEvent[] => [
    {
      type: 'scheduling.PostQueued',
      data: {
        postId: post.postId,
        userId: post.userId,
        platform: post.platform as PublishablePlatform,
        dueAt: new Date(dueAt).toISOString(),
        quotaWarning: command.quotaWarning,
        queuedAt: at,
      },
    },
  ];
  switch (state.status) {
    case 'fired':
      return [];
    case 'queued':
      // Published or failed comes after PostDue; anything else not going out cancels the timer.
      if (post.status === 'posted' || post.status === 'failed') return [];
      if (!wantsToGoOut(post)) {
        return [
          {
            type: 'scheduling.PostTimerCancelled',
            data: { postId: post.postId, userId: post.userId, reason: whyNotAnyMore(post), at },
          },
        ];
      }
      // Only a new scheduledTime moves the timer: a post without one keeps the time it was queued for.
      return post.scheduledTime && !sameInstant(post.scheduledTime, state.dueAt) ? queued(post.scheduledTime) : [];
    case 'untracked':
    case 'cancelled':
      if (!wantsToGoOut(post) || !command.mayAutoPost) return [];
      // Due at its time, or at approval when it has none; a time already past is due at once.
      return queued(post.scheduledTime ?? post.changedAt);
  }
}

function fireIfDue(command: Extract<PostTimerCommand, { type: 'FireIfDue' }>, state: PostTimer): PostTimerEvent[] {
  if (state.status !== 'queued' || Date.parse(state.dueAt) > Date.parse(command.now)) return [];
  const postId = command.postId;
  if (command.hold !== null) {
    if (command.hold === state.heldReason) return [];
    return [
      { type: 'scheduling.PostHeld', data: { postId, userId: state.userId, reason: command.hold, at: command.now } },
    ];
  }
  return [
    {
      type: 'scheduling.PostDue',
      data: {
        postId,
        userId: state.userId,
        platform: state.platform,
        content: command.content,
        dueAt: state.dueAt,
        firedAt: command.now,
      },
    },
  ];
}

/**
 * A post's timer: queued when the post wants out and the plan allows it, moved when its time
 * changes, cancelled when it no longer wants out, fired once when due and nothing holds it.
 * Firing is an event on this stream appended at the revision read, so two timer instances
 * racing for one post cannot both fire it.
 */
export const postTimerDecider: Decider<PostTimerCommand, PostTimerEvent, PostTimer> = {
  initialState: () => ({ status: 'untracked' }),
  decide(command, state) {
    switch (command.type) {
      case 'TrackPost':
        return trackPost(command, state);
      case 'FireIfDue':
        return fireIfDue(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'scheduling.PostQueued': {
        const { userId, platform, dueAt } = event.data;
        return { status: 'queued', userId, platform, dueAt, heldReason: null };
      }
      case 'scheduling.PostHeld':
        return state.status === 'queued' ? { ...state, heldReason: event.data.reason } : state;
      case 'scheduling.PostDue':
        return { status: 'fired', dueAt: event.data.dueAt, firedAt: event.data.firedAt };
      case 'scheduling.PostTimerCancelled':
        return { status: 'cancelled' };
    }
  },
};

const platformLabels: Record<PublishablePlatform, string> = {
  twitter: 'X/Twitter',
  instagram: 'Instagram',
  facebook: 'Facebook',
};

/**
 * Why a due post may not go out now, or null: the account (suspended, plan), then the owner's
 * auto-posting switches, then the post itself. Checked again at every tick while it waits.
 */
export function holdReasonOf(
  situation: {
    standing: AccountStanding;
    autoPosting: AutoPostingSettings;
    platform: PublishablePlatform;
    postStatus: PostStatus | null;
  },
  now: Date,
): string | null {
  const { standing, autoPosting, platform, postStatus } = situation;
  const account = accountHold(standing, now);
  if (account) return account;
  if (!autoPosting.enabled) return 'Auto-posting is turned off in the Auto-Posting settings';
  if (!autoPosting.platforms[platform]) return `Auto-posting to ${platformLabels[platform]} is turned off`;
  if (postStatus !== null && !goingOut.includes(postStatus)) return `The post is ${postStatus}`;
  return null;
}

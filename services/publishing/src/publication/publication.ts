import type { PublishablePlatform, PublishFailureClass } from '@brandloom/proto-events';
import type { Decider } from '@brandloom/runtime';
import type { PublishingEventOf } from '../events.js';

export const publicationStream = (postId: string): string => `publication-${postId}`;

export interface PublicationRequest {
  postId: string;
  userId: string;
  platform: PublishablePlatform;
  content: string;
  dueAt: string;
}

/** How many times, and how far apart, a post is tried again. Comes in with the command: the decider has no clock. */
export interface RetryPolicy {
  /** Waits after the 1st, 2nd, … transient failure; when they run out the post fails. */
  transientDelaysMs: readonly number[];
  /** Rate-limited tries before the post fails as rate limited. */
  maxRateLimited: number;
  /** The wait when a rate-limited answer names no reset time. */
  rateLimitFallbackMs: number;
}

/** Where one round of publishing (from a request to its outcome) stands. */
interface Round {
  request: PublicationRequest;
  /** Attempts started this round. */
  attempts: number;
  transientFailures: number;
  rateLimited: number;
  /** When this round first called the platform: where the crash check looks from. */
  firstAttemptAt: string | null;
}

export type PublicationState =
  | { status: 'none' }
  | ({ status: 'queued'; nextAttemptAt: string; checkFirst: boolean } & Round)
  | ({ status: 'attempting'; startedAt: string } & Round)
  | {
      status: 'published';
      request: PublicationRequest;
      platformPostId: string;
      url: string | null;
      publishedAt: string;
    }
  | ({ status: 'failed'; failureClass: PublishFailureClass; reason: string } & Round);

/**
 * What came of a platform call (or of looking for the post), as publishing acts on it.
 * `maybeDone`: the post may be out there already (the call may have reached the platform, or a
 * look for it did not answer), so the next try must look first.
 */
export type AttemptFailure =
  | { class: 'rate_limited'; reason: string; retryAt: string | null; maybeDone: boolean }
  | { class: 'transient'; reason: string; maybeDone: boolean }
  | { class: 'invalid_content' | 'disconnected' | 'unconfirmed'; reason: string };

export type PublicationCommand =
  | { type: 'RequestPublication'; request: PublicationRequest; at: string }
  | { type: 'StartAttempt'; attempt: number; checkedAbsent: boolean; at: string }
  | { type: 'RecordPublished'; platformPostId: string; url: string | null; at: string }
  | { type: 'RecordFailure'; failure: AttemptFailure; policy: RetryPolicy; at: string };

type PublicationEvent = PublishingEventOf<
  | 'publishing.PublicationRequested'
  | 'publishing.PublishAttemptStarted'
  | 'publishing.PostPublished'
  | 'publishing.PublishRetryScheduled'
  | 'publishing.PublishFailed'
>;

/** Whether the next call must first ask the platform if the post is already there. */
export const mustCheckFirst = (state: PublicationState): boolean =>
  state.status === 'attempting' || (state.status === 'queued' && state.checkFirst);

const isOpen = (state: PublicationState): state is Extract<PublicationState, { status: 'queued' | 'attempting' }> =>
  state.status === 'queued' || state.status === 'attempting';

function requestPublication(
  command: Extract<PublicationCommand, { type: 'RequestPublication' }>,
  state: PublicationState,
) {
  // A post already out is never published again; one in progress is already queued.
  if (state.status !== 'none' && state.status !== 'failed') return [];
  return [{ type: 'publishing.PublicationRequested' as const, data: { ...command.request, requestedAt: command.at } }];
}

function startAttempt(command: Extract<PublicationCommand, { type: 'StartAttempt' }>, state: PublicationState) {
  // The expected attempt number makes two workers' starts of the same attempt one start.
  if (!isOpen(state) || command.attempt !== state.attempts + 1) return [];
  // An attempt whose outcome is unknown may have published: never call again without looking.
  if (mustCheckFirst(state) && !command.checkedAbsent) return [];
  return [
    {
      type: 'publishing.PublishAttemptStarted' as const,
      data: {
        postId: state.request.postId,
        attempt: command.attempt,
        checkedAbsent: command.checkedAbsent,
        at: command.at,
      },
    },
  ];
}

function recordPublished(command: Extract<PublicationCommand, { type: 'RecordPublished' }>, state: PublicationState) {
  if (!isOpen(state)) return [];
  const { postId, userId, platform } = state.request;
  return [
    {
      type: 'publishing.PostPublished' as const,
      data: {
        postId,
        userId,
        platform,
        platformPostId: command.platformPostId,
        url: command.url,
        publishedAt: command.at,
      },
    },
  ];
}

const addMs = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();
const later = (a: string, b: string) => (a > b ? a : b);

function recordFailure(command: Extract<PublicationCommand, { type: 'RecordFailure' }>, state: PublicationState) {
  if (!isOpen(state)) return [];
  const { failure, policy, at } = command;
  const { postId, userId, platform } = state.request;
  const failed = (failureClass: PublishFailureClass, reason: string) => [
    {
      type: 'publishing.PublishFailed' as const,
      data: { postId, userId, platform, failureClass, reason, failedAt: at },
    },
  ];
  const retry = (failureClass: 'rate_limited' | 'transient', retryAt: string, checkFirst: boolean) => [
    {
      type: 'publishing.PublishRetryScheduled' as const,
      data: { postId, failureClass, reason: failure.reason, retryAt, checkFirst, at },
    },
  ];
  switch (failure.class) {
    case 'rate_limited':
    case 'transient': {
      // A failed look (queued, still to check) keeps the next try looking too.
      const checkFirst = failure.maybeDone || (state.status === 'queued' && state.checkFirst);
      const tries = failure.class === 'rate_limited' ? state.rateLimited : state.transientFailures;
      const giveUp =
        failure.class === 'rate_limited'
          ? tries >= policy.maxRateLimited
          : policy.transientDelaysMs[tries] === undefined;
      if (giveUp) {
        if (checkFirst) return failed('unconfirmed', `Could not confirm whether the post went out: ${failure.reason}`);
        return failure.class === 'rate_limited'
          ? failed('rate_limited', `${failure.reason} (still limited after ${tries + 1} tries)`)
          : failed('transient', `Gave up after ${tries + 1} tries: ${failure.reason}`);
      }
      const retryAt =
        failure.class === 'rate_limited'
          ? later(failure.retryAt ?? addMs(at, policy.rateLimitFallbackMs), at)
          : addMs(at, policy.transientDelaysMs[tries]!);
      return retry(failure.class, retryAt, checkFirst);
    }
    default:
      return failed(failure.class, failure.reason);
  }
}

const newRound = (request: PublicationRequest): Round => ({
  request,
  attempts: 0,
  transientFailures: 0,
  rateLimited: 0,
  firstAttemptAt: null,
});

const roundOf = (state: Extract<PublicationState, { status: 'queued' | 'attempting' }>): Round => ({
  request: state.request,
  attempts: state.attempts,
  transientFailures: state.transientFailures,
  rateLimited: state.rateLimited,
  firstAttemptAt: state.firstAttemptAt,
});

export const publicationDecider: Decider<PublicationCommand, PublicationEvent, PublicationState> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    switch (command.type) {
      case 'RequestPublication':
        return requestPublication(command, state);
      case 'StartAttempt':
        return startAttempt(command, state);
      case 'RecordPublished':
        return recordPublished(command, state);
      case 'RecordFailure':
        return recordFailure(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'publishing.PublicationRequested': {
        const { requestedAt, ...request } = event.data;
        return { status: 'queued', ...newRound(request), nextAttemptAt: requestedAt, checkFirst: false };
      }
      case 'publishing.PublishAttemptStarted':
        if (!isOpen(state)) return state;
        return {
          status: 'attempting',
          ...roundOf(state),
          attempts: event.data.attempt,
          firstAttemptAt: state.firstAttemptAt ?? event.data.at,
          startedAt: event.data.at,
        };
      case 'publishing.PostPublished':
        if (!isOpen(state)) return state;
        return {
          status: 'published',
          request: state.request,
          platformPostId: event.data.platformPostId,
          url: event.data.url,
          publishedAt: event.data.publishedAt,
        };
      case 'publishing.PublishRetryScheduled': {
        if (!isOpen(state)) return state;
        const round = roundOf(state);
        const rateLimited = event.data.failureClass === 'rate_limited';
        return {
          status: 'queued',
          ...round,
          rateLimited: round.rateLimited + (rateLimited ? 1 : 0),
          transientFailures: round.transientFailures + (rateLimited ? 0 : 1),
          nextAttemptAt: event.data.retryAt,
          checkFirst: event.data.checkFirst,
        };
      }
      case 'publishing.PublishFailed':
        if (!isOpen(state)) return state;
        return {
          status: 'failed',
          ...roundOf(state),
          failureClass: event.data.failureClass,
          reason: event.data.reason,
        };
      default: {
        const unknown: never = event;
        throw new Error(`Unknown event ${JSON.stringify(unknown)}`);
      }
    }
  },
};

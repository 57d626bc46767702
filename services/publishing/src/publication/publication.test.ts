import { describe, it } from 'vitest';
import { deciderSpec } from '@brandloom/runtime/testing';
import type { PublishingEventOf } from '../events.js';
import { publicationDecider, type AttemptFailure, type RetryPolicy } from './publication.js';

const spec = deciderSpec(publicationDecider);
const postId = '0b7f0c1e-3c1d-4a55-9d7e-6f1c2b3a4d5e';
const userId = '4b8f8a7e-9a4b-4d8e-8f43-0a5e0c9b1d21';
const t0 = '2026-11-26T09:00:00.000Z';
const t1 = '2026-11-26T09:00:05.000Z';
const request = {
  postId,
  userId,
  platform: 'twitter' as const,
  content: 'Fresh bread today #bakery #local',
  dueAt: t0,
};
const policy: RetryPolicy = { transientDelaysMs: [1000, 4000], maxRateLimited: 2, rateLimitFallbackMs: 60_000 };

const requested: PublishingEventOf<'publishing.PublicationRequested'> = {
  type: 'publishing.PublicationRequested',
  data: { ...request, requestedAt: t0 },
};
const started = (attempt: number, checkedAbsent = false): PublishingEventOf<'publishing.PublishAttemptStarted'> => ({
  type: 'publishing.PublishAttemptStarted',
  data: { postId, attempt, checkedAbsent, at: t0 },
});
const retry = (
  failureClass: 'rate_limited' | 'transient',
  retryAt: string,
  checkFirst = false,
  reason = 'boom',
): PublishingEventOf<'publishing.PublishRetryScheduled'> => ({
  type: 'publishing.PublishRetryScheduled',
  data: { postId, failureClass, reason, retryAt, checkFirst, at: t1 },
});
const published: PublishingEventOf<'publishing.PostPublished'> = {
  type: 'publishing.PostPublished',
  data: {
    postId,
    userId,
    platform: 'twitter',
    platformPostId: '1',
    url: 'https://x.com/i/web/status/1',
    publishedAt: t1,
  },
};
const failed = (
  failureClass: 'invalid_content' | 'disconnected' | 'rate_limited' | 'transient' | 'unconfirmed',
  reason: string,
) => ({
  type: 'publishing.PublishFailed' as const,
  data: { postId, userId, platform: 'twitter' as const, failureClass, reason, failedAt: t1 },
});
const fail = (failure: AttemptFailure) => ({
  type: 'RecordFailure' as const,
  failure,
  policy,
  at: t1,
});

describe('a post that is due', () => {
  it('is requested once, however often it comes due', () => {
    spec.given([]).when({ type: 'RequestPublication', request, at: t0 }).then([requested]);
    spec.given([requested]).when({ type: 'RequestPublication', request, at: t1 }).thenNothingHappened();
    spec
      .given([requested, started(1)])
      .when({ type: 'RequestPublication', request, at: t1 })
      .thenNothingHappened();
  });

  it('is never requested again once published', () => {
    spec
      .given([requested, started(1), published])
      .when({ type: 'RequestPublication', request, at: t1 })
      .thenNothingHappened();
  });

  it('starts a new round after it failed (the owner scheduled it again)', () => {
    spec
      .given([requested, started(1), failed('invalid_content', 'duplicate')])
      .when({ type: 'RequestPublication', request, at: t1 })
      .then([{ ...requested, data: { ...requested.data, requestedAt: t1 } }]);
  });
});

describe('an attempt', () => {
  it('is recorded before the call, once per attempt number', () => {
    spec
      .given([requested])
      .when({ type: 'StartAttempt', attempt: 1, checkedAbsent: false, at: t0 })
      .then([started(1)]);
    spec
      .given([requested, started(1)])
      .when({ type: 'StartAttempt', attempt: 1, checkedAbsent: false, at: t0 })
      .thenNothingHappened();
  });

  it('that has no outcome (a crash mid-call) is not repeated until the platform was asked', () => {
    spec
      .given([requested, started(1)])
      .when({ type: 'StartAttempt', attempt: 2, checkedAbsent: false, at: t1 })
      .thenNothingHappened();
    spec
      .given([requested, started(1)])
      .when({ type: 'StartAttempt', attempt: 2, checkedAbsent: true, at: t0 })
      .then([started(2, true)]);
  });

  it('found on the platform by the check is published, not tried again', () => {
    spec
      .given([requested, started(1)])
      .when({ type: 'RecordPublished', platformPostId: '1', url: 'https://x.com/i/web/status/1', at: t1 })
      .then([published]);
  });
});

describe('a failed call', () => {
  it('rate limited is tried again at the platform’s reset time, then fails', () => {
    const resetAt = '2026-11-26T09:15:00.000Z';
    spec
      .given([requested, started(1)])
      .when(fail({ class: 'rate_limited', reason: 'boom', retryAt: resetAt, maybeDone: false }))
      .then([retry('rate_limited', resetAt)]);
    spec
      .given([requested, started(1)])
      .when(fail({ class: 'rate_limited', reason: 'boom', retryAt: null, maybeDone: false }))
      .then([retry('rate_limited', '2026-11-26T09:01:05.000Z')]);
    spec
      .given([requested, started(1), retry('rate_limited', t1), started(2), retry('rate_limited', t1), started(3)])
      .when(fail({ class: 'rate_limited', reason: 'Too Many Requests', retryAt: null, maybeDone: false }))
      .then([failed('rate_limited', 'Too Many Requests (still limited after 3 tries)')]);
  });

  it('rate limited while looking for the post keeps looking first', () => {
    spec
      .given([requested, started(1)])
      .when(fail({ class: 'rate_limited', reason: 'boom', retryAt: t1, maybeDone: true }))
      .then([retry('rate_limited', t1, true)]);
  });

  it('with an expired token fails at once as disconnected, with no retry', () => {
    spec
      .given([requested, started(1)])
      .when(fail({ class: 'disconnected', reason: 'X refused the credentials' }))
      .then([failed('disconnected', 'X refused the credentials')]);
  });

  it('with refused content fails with the platform’s reason, with no retry', () => {
    spec
      .given([requested, started(1)])
      .when(fail({ class: 'invalid_content', reason: 'duplicate content' }))
      .then([failed('invalid_content', 'duplicate content')]);
  });

  it('transient backs off a bounded number of times, then fails', () => {
    spec
      .given([requested, started(1)])
      .when(fail({ class: 'transient', reason: 'boom', maybeDone: false }))
      .then([retry('transient', '2026-11-26T09:00:06.000Z')]);
    spec
      .given([requested, started(1), retry('transient', t1), started(2)])
      .when(fail({ class: 'transient', reason: 'boom', maybeDone: false }))
      .then([retry('transient', '2026-11-26T09:00:09.000Z')]);
    spec
      .given([requested, started(1), retry('transient', t1), started(2), retry('transient', t1), started(3)])
      .when(fail({ class: 'transient', reason: 'X answered 503', maybeDone: false }))
      .then([failed('transient', 'Gave up after 3 tries: X answered 503')]);
  });

  it('that may have gone through makes the next try look first, and ends unconfirmed if it never can', () => {
    spec
      .given([requested, started(1)])
      .when(fail({ class: 'transient', reason: 'boom', maybeDone: true }))
      .then([retry('transient', '2026-11-26T09:00:06.000Z', true)]);
    spec
      .given([requested, started(1), retry('transient', t1, true)])
      .when({ type: 'StartAttempt', attempt: 2, checkedAbsent: false, at: t1 })
      .thenNothingHappened();
    spec
      .given([requested, started(1), retry('transient', t1, true), retry('transient', t1, true)])
      .when(fail({ class: 'transient', reason: 'X did not answer', maybeDone: false }))
      .then([failed('unconfirmed', 'Could not confirm whether the post went out: X did not answer')]);
  });

  it('after the post is out changes nothing', () => {
    spec
      .given([requested, started(1), published])
      .when(fail({ class: 'transient', reason: 'late', maybeDone: true }))
      .thenNothingHappened();
  });
});

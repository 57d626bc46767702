import type { PostChanged } from '@brandloom/proto-events';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@brandloom/runtime/testing';
import { newAccountStanding } from '../accounts/plan-gate.js';
import { defaultAutoPostingSettings } from '../auto-posting/auto-posting-settings.js';
import { holdReasonOf, postTimerDecider } from './post-timer.js';

const spec = deciderSpec(postTimerDecider);
const postId = '0c1f2a8e-5b7d-4c3a-9e21-7f6d5b4a3c2b';
const userId = '4b8f8a7e-9a4b-4d8e-8f43-0a5e0c9b1d21';
const at = '2026-11-25T10:00:00.000Z';
const dueAt = '2026-11-25T12:00:00.000Z';
const post: PostChanged = {
  postId,
  userId,
  platform: 'twitter',
  content: 'Fresh bread at 7',
  status: 'approved',
  autoPost: true,
  scheduledTime: dueAt,
  postedTime: null,
  changedAt: at,
};
const track = (changes: Partial<PostChanged>, mayAutoPost = true) =>
  ({ type: 'TrackPost', post: { ...post, ...changes }, mayAutoPost, quotaWarning: null, at }) as const;
const fire = (now: string, hold: string | null = null) =>
  ({ type: 'FireIfDue', postId, now, content: post.content, hold }) as const;
const queued = (due = dueAt) => ({
  type: 'scheduling.PostQueued' as const,
  data: { postId, userId, platform: 'twitter' as const, dueAt: due, quotaWarning: null, queuedAt: at },
});
const held = (reason: string, when = '2026-11-25T12:00:05.000Z') => ({
  type: 'scheduling.PostHeld' as const,
  data: { postId, userId, reason, at: when },
});
const cancelled = (reason: string) => ({
  type: 'scheduling.PostTimerCancelled' as const,
  data: { postId, userId, reason, at },
});
const due = (firedAt: string) => ({
  type: 'scheduling.PostDue' as const,
  data: { postId, userId, platform: 'twitter' as const, content: post.content, dueAt, firedAt },
});

describe('a post’s timer', () => {
  it('queues an approved auto-post at its time, on a plan that may auto-post', () => {
    spec.given([]).when(track({})).then([queued()]);
  });

  it('queues one without a time at its approval', () => {
    spec
      .given([])
      .when(track({ scheduledTime: null }))
      .then([queued(at)]);
  });

  it('does not queue a pending post, one without auto-post, a TikTok post, or on the trial or Starter', () => {
    spec
      .given([])
      .when(track({ status: 'pending' }))
      .thenNothingHappened();
    spec
      .given([])
      .when(track({ autoPost: false }))
      .thenNothingHappened();
    spec
      .given([])
      .when(track({ platform: 'tiktok' }))
      .thenNothingHappened();
    spec.given([]).when(track({}, false)).thenNothingHappened();
  });

  it('stays put when content marks it scheduled, and moves when its time changes', () => {
    spec
      .given([queued()])
      .when(track({ status: 'scheduled' }))
      .thenNothingHappened();
    spec
      .given([queued(at)])
      .when(track({ status: 'scheduled', scheduledTime: null, changedAt: dueAt }))
      .thenNothingHappened();
    spec
      .given([queued()])
      .when(track({ scheduledTime: '2026-11-26T09:00:00.000Z' }))
      .then([queued('2026-11-26T09:00:00.000Z')]);
  });

  it('is cancelled when the post is rejected, back to pending or loses auto-post', () => {
    spec
      .given([queued()])
      .when(track({ status: 'rejected' }))
      .then([cancelled('The post was rejected')]);
    spec
      .given([queued()])
      .when(track({ status: 'pending' }))
      .then([cancelled('The post is waiting for approval again')]);
    spec
      .given([queued()])
      .when(track({ autoPost: false }))
      .then([cancelled('Auto-post was turned off for the post')]);
  });

  it('fires once at its time, with the post’s content', () => {
    spec.given([queued()]).when(fire('2026-11-25T11:59:59.000Z')).thenNothingHappened();
    spec
      .given([queued()])
      .when(fire('2026-11-25T12:00:01.000Z'))
      .then([due('2026-11-25T12:00:01.000Z')]);
    spec
      .given([queued(), due('2026-11-25T12:00:01.000Z')])
      .when(fire('2026-11-25T12:00:02.000Z'))
      .thenNothingHappened();
    spec
      .given([queued(), due('2026-11-25T12:00:01.000Z')])
      .when(track({ status: 'posted' }))
      .thenNothingHappened();
  });

  it('is held for a reason once, then fires when nothing holds it any more', () => {
    const later = '2026-11-25T12:00:05.000Z';
    spec
      .given([queued()])
      .when(fire(later, 'The account is suspended'))
      .then([held('The account is suspended')]);
    spec
      .given([queued(), held('The account is suspended')])
      .when(fire(later, 'The account is suspended'))
      .thenNothingHappened();
    spec
      .given([queued(), held('The account is suspended')])
      .when(fire(later, 'The plan has expired'))
      .then([held('The plan has expired')]);
    spec
      .given([queued(), held('The account is suspended')])
      .when(fire(later))
      .then([due(later)]);
  });

  it('is due at once when the post is approved after its time (it waited pending meanwhile)', () => {
    const approvedLate = '2026-11-25T13:00:00.000Z';
    spec
      .given([])
      .when({ ...track({ changedAt: approvedLate }), at: approvedLate })
      .then([{ ...queued(), data: { ...queued().data, queuedAt: approvedLate } }]);
    spec
      .given([queued()])
      .when(fire('2026-11-25T13:00:00.050Z'))
      .then([due('2026-11-25T13:00:00.050Z')]);
  });

  it('never fires once cancelled, and queues again if the post wants out again', () => {
    spec
      .given([queued(), cancelled('x')])
      .when(fire('2026-11-26T00:00:00.000Z'))
      .thenNothingHappened();
    spec
      .given([queued(), cancelled('x')])
      .when(track({}))
      .then([queued()]);
  });
});

describe('what holds a due post', () => {
  const professional = { ...newAccountStanding, tier: 'professional' as const, status: 'active' as const };
  const switchedOn = {
    ...defaultAutoPostingSettings,
    enabled: true,
    platforms: { twitter: true, instagram: false, facebook: false },
  };
  const now = new Date(dueAt);
  const reason = (changes: Partial<Parameters<typeof holdReasonOf>[0]>) =>
    holdReasonOf(
      { standing: professional, autoPosting: switchedOn, platform: 'twitter', postStatus: 'scheduled', ...changes },
      now,
    );

  it('nothing, when the account may, auto-posting is on for the platform and the post is approved', () => {
    expect(reason({})).toBeNull();
    expect(reason({ postStatus: 'approved' })).toBeNull();
  });
  it('a suspension, a plan without auto-posting, or an expired plan', () => {
    expect(reason({ standing: { ...professional, active: false } })).toBe('The account is suspended');
    expect(reason({ standing: { ...professional, tier: 'starter' } })).toBe('The plan does not include auto-posting');
    expect(reason({ standing: { ...professional, status: 'expired' } })).toBe('The plan has expired');
  });
  it('auto-posting off, or off for that platform', () => {
    expect(reason({ autoPosting: { ...switchedOn, enabled: false } })).toMatch(/Auto-posting is turned off/);
    expect(reason({ platform: 'instagram' })).toBe('Auto-posting to Instagram is turned off');
  });
  it('a post no longer approved', () => {
    expect(reason({ postStatus: 'rejected' })).toBe('The post is rejected');
  });
});

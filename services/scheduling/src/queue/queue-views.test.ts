import { describe, expect, it } from 'vitest';
import type { QueueRow } from './queue-read-model.js';
import { postsToday, queueItemOf, recentActivity, successRate } from './queue-views.js';

const now = new Date('2026-11-25T12:00:00Z');
const row = (changes: Partial<QueueRow>): QueueRow => ({
  post_id: '0c1f2a8e-5b7d-4c3a-9e21-7f6d5b4a3c2b',
  user_id: '4b8f8a7e-9a4b-4d8e-8f43-0a5e0c9b1d21',
  platform: 'twitter',
  content: 'Fresh bread',
  post_status: 'approved',
  scheduled_time: null,
  changed_at: '2026-11-25T09:00:00.000Z',
  timer: 'none',
  due_at: null,
  held_reason: null,
  quota_warning: null,
  outcome: null,
  outcome_at: null,
  failure_reason: null,
  ...changes,
});

describe('a queue item', () => {
  it('is scheduled while its timer waits, overdue past its time with why it is held', () => {
    expect(queueItemOf(row({ timer: 'queued', due_at: '2026-11-25T13:00:00.000Z' }), now)).toMatchObject({
      status: 'scheduled',
      overdue: false,
      scheduledTime: '2026-11-25T13:00:00.000Z',
    });
    expect(
      queueItemOf(
        row({ timer: 'queued', due_at: '2026-11-25T11:00:00.000Z', held_reason: 'The account is suspended' }),
        now,
      ),
    ).toMatchObject({ status: 'scheduled', overdue: true, heldReason: 'The account is suspended' });
  });
  it('is pending, and overdue, when it waits for approval past its time', () => {
    expect(queueItemOf(row({ post_status: 'pending', scheduled_time: '2026-11-25T11:00:00.000Z' }), now)).toMatchObject(
      {
        status: 'pending',
        overdue: true,
      },
    );
  });
  it('is posted or failed (with the platform’s reason) as publishing said, and never overdue then', () => {
    const base = {
      timer: 'fired' as const,
      due_at: '2026-11-25T11:00:00.000Z',
      outcome_at: '2026-11-25T11:00:01.000Z',
    };
    expect(queueItemOf(row({ ...base, outcome: 'posted' }), now)).toMatchObject({ status: 'posted', overdue: false });
    expect(queueItemOf(row({ ...base, outcome: 'failed', failure_reason: 'Duplicate status' }), now)).toMatchObject({
      status: 'failed',
      failureReason: 'Duplicate status',
      overdue: false,
    });
  });
});

describe('the statistics', () => {
  it('give the success rate in percent, 0 when nothing went out yet', () => {
    expect(successRate(0, 0)).toBe(0);
    expect(successRate(3, 1)).toBe(75);
    expect(successRate(2, 1)).toBe(66.7);
  });

  it('count the last 7 days in the owner’s timezone, newest first, days with activity only', () => {
    const outcomes = [
      { outcome: 'posted' as const, at: '2026-11-25T03:00:00.000Z' }, // 24 Nov in New York
      { outcome: 'posted' as const, at: '2026-11-25T11:00:00.000Z' },
      { outcome: 'failed' as const, at: '2026-11-25T11:30:00.000Z' },
      { outcome: 'posted' as const, at: '2026-11-19T12:00:00.000Z' }, // the 7th day back
      { outcome: 'posted' as const, at: '2026-11-18T12:00:00.000Z' }, // too old
    ];
    expect(recentActivity(outcomes, now, 'America/New_York')).toEqual([
      { date: '2026-11-25', posted: 1, failed: 1 },
      { date: '2026-11-24', posted: 1, failed: 0 },
      { date: '2026-11-19', posted: 1, failed: 0 },
    ]);
    expect(recentActivity(outcomes, now, 'UTC')[0]).toEqual({ date: '2026-11-25', posted: 2, failed: 1 });
    expect(postsToday(outcomes, now, 'America/New_York')).toBe(1);
    expect(postsToday(outcomes, now, 'UTC')).toBe(2);
  });
});

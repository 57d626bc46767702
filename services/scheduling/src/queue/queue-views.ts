import { addDays, localDateOf } from '../slots/zoned-time.js';
import type { Outcome, QueueRow } from './queue-read-model.js';

/** A row of the Schedule Queue and the dashboard's queue table. */
export interface QueueItem {
  id: string;
  content: string;
  scheduledTime: string;
  status: 'pending' | 'scheduled' | 'posted' | 'failed';
  platform: string;
  overdue: boolean;
  quotaWarning: string | null;
  failureReason: string | null;
  heldReason: string | null;
}

/**
 * What the owner sees of a post: publishing's outcome first, then content's own word that it
 * went out or failed, then a timer (scheduled), else pending. Overdue: its time passed and it
 * has not gone out (a pending post waits for approval; a held one for what holds it).
 */
export function queueItemOf(row: QueueRow, now: Date): QueueItem {
  const status =
    row.outcome ??
    (row.post_status === 'posted' || row.post_status === 'failed'
      ? row.post_status
      : row.timer === 'queued' || row.timer === 'fired'
        ? 'scheduled'
        : 'pending');
  const scheduledTime = row.due_at ?? row.scheduled_time ?? row.outcome_at ?? row.changed_at ?? now.toISOString();
  const waiting = status === 'pending' || (status === 'scheduled' && row.timer === 'queued');
  return {
    id: row.post_id,
    content: row.content,
    scheduledTime,
    status,
    platform: row.platform,
    overdue: waiting && Date.parse(scheduledTime) < now.getTime(),
    quotaWarning: row.quota_warning,
    failureReason: status === 'failed' ? row.failure_reason : null,
    heldReason: status === 'scheduled' ? row.held_reason : null,
  };
}

/** Posted out of posted and failed, in percent with one decimal; 0 when there are none. */
export function successRate(posted: number, failed: number): number {
  const total = posted + failed;
  return total === 0 ? 0 : Math.round((posted / total) * 1000) / 10;
}

export interface DailyActivity {
  date: string;
  posted: number;
  failed: number;
}

/**
 * One entry per day of the last 7 (today and the 6 before, in the owner's timezone) with any
 * outcome, newest first.
 */
export function recentActivity(
  outcomes: readonly { outcome: Outcome; at: string }[],
  now: Date,
  timeZone: string,
): DailyActivity[] {
  const today = localDateOf(now, timeZone);
  const days = new Set(Array.from({ length: 7 }, (_, back) => addDays(today, -back)));
  const byDay = new Map<string, DailyActivity>();
  for (const { outcome, at } of outcomes) {
    const date = localDateOf(new Date(at), timeZone);
    if (!days.has(date) || Date.parse(at) > now.getTime()) continue;
    const day = byDay.get(date) ?? { date, posted: 0, failed: 0 };
    day[outcome] += 1;
    byDay.set(date, day);
  }
  return [...byDay.values()].sort((a, b) => b.date.localeCompare(a.date));
}

/** Posts published today in the owner's timezone. */
export function postsToday(outcomes: readonly { outcome: Outcome; at: string }[], now: Date, timeZone: string): number {
  const today = localDateOf(now, timeZone);
  return outcomes.filter(({ outcome, at }) => outcome === 'posted' && localDateOf(new Date(at), timeZone) === today)
    .length;
}

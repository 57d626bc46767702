import {
  createIntegrationEventRegistry,
  PostChanged,
  PostPublished,
  PublishFailed,
  type PostStatus,
} from '@brandloom/proto-events';
import {
  parseInboxCopy,
  readModelTables,
  type Projection,
  type ReadModelDatabase,
  type RecordedEvent,
} from '@brandloom/runtime';
import { schedulingCodec } from '../events.js';

const TABLE = 'queue_posts';

export type TimerState = 'none' | 'queued' | 'fired' | 'cancelled';
export type Outcome = 'posted' | 'failed';

/** One post as the queue, the statistics and the timers see it. */
export interface QueueRow {
  post_id: string;
  user_id: string;
  platform: string;
  content: string;
  /** As content last said; null when only scheduling's or publishing's events told of the post. */
  post_status: PostStatus | null;
  scheduled_time: string | null;
  changed_at: string | null;
  timer: TimerState;
  due_at: string | null;
  held_reason: string | null;
  quota_warning: string | null;
  outcome: Outcome | null;
  outcome_at: string | null;
  failure_reason: string | null;
}

/**
 * Posts with a time to go out: content's whole state of each post (inbox), its timer (this
 * service's `timer-` streams) and its outcome (publishing). Content's events carry the whole
 * post, so a late one older than what is kept is ignored.
 */
export class QueueReadModel implements Projection {
  readonly name = 'queue';
  readonly version = 1;
  readonly categories = ['inbox', 'timer'];
  readonly tables = [TABLE];
  private readonly registry = createIntegrationEventRegistry();
  private readonly store = readModelTables(
    'queue',
    `
      CREATE TABLE IF NOT EXISTS ${TABLE} (
        post_id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        platform TEXT NOT NULL,
        content TEXT NOT NULL DEFAULT '',
        post_status TEXT,
        scheduled_time TEXT,
        changed_at TEXT,
        timer TEXT NOT NULL DEFAULT 'none',
        due_at TEXT,
        held_reason TEXT,
        quota_warning TEXT,
        outcome TEXT,
        outcome_at TEXT,
        failure_reason TEXT
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS queue_posts_by_owner ON ${TABLE} (user_id);
      CREATE INDEX IF NOT EXISTS queue_posts_due ON ${TABLE} (due_at) WHERE timer = 'queued';
    `,
    prepare,
  );

  attach(db: ReadModelDatabase): void {
    this.store.attach(db);
  }

  get(postId: string): QueueRow | null {
    return this.store.statements().get.get(postId) ?? null;
  }

  /** The owner's posts with a time to go out or an outcome, and pending posts with a time. */
  ofOwner(userId: string): QueueRow[] {
    return this.store.statements().ofOwner.all(userId);
  }

  /**
   * Queued timers due at `now` or before, every tenant: those nothing holds yet first, soonest
   * first, then the held ones (checked again for a change). Apart, so a pile of posts held for
   * a long time (a suspended account) cannot crowd out the ones coming due.
   */
  due(now: string): QueueRow[] {
    const statements = this.store.statements();
    return [...statements.dueWaiting.all(now), ...statements.dueHeld.all(now)];
  }

  /** Auto-posts waiting for their time, and outcomes so far. */
  totals(userId: string): { queued: number; posted: number; failed: number } {
    return this.store.statements().totals.get(userId) ?? { queued: 0, posted: 0, failed: 0 };
  }

  /** Outcomes at `since` or later, for the day-by-day counts. */
  outcomesSince(userId: string, since: string): { outcome: Outcome; at: string }[] {
    return this.store.statements().outcomesSince.all(userId, since);
  }

  /** The soonest time a queued post that nothing holds goes out, or null. */
  nextDue(userId: string): string | null {
    return this.store.statements().nextDue.get(userId)?.due_at ?? null;
  }

  private readonly queuedListeners = new Set<(dueAt: string) => void>();

  /** Told each due time as it is queued (the timers wake for it); returns how to stop listening. */
  onQueued(listener: (dueAt: string) => void): () => void {
    this.queuedListeners.add(listener);
    return () => this.queuedListeners.delete(listener);
  }

  /** The soonest time any tenant's queued post that nothing holds goes out (maybe past), or null. */
  nextDueAny(): string | null {
    return this.store.statements().nextDueAny.get()?.due_at ?? null;
  }

  apply(recorded: RecordedEvent): void {
    const statements = this.store.statements();
    switch (recorded.type) {
      case PostChanged.type: {
        const post = parseInboxCopy(this.registry, recorded).data as PostChanged;
        statements.post.run({
          postId: post.postId,
          userId: post.userId,
          platform: post.platform,
          content: post.content,
          status: post.status,
          scheduledTime: post.scheduledTime,
          changedAt: post.changedAt,
        });
        return;
      }
      case PostPublished.type: {
        const published = parseInboxCopy(this.registry, recorded).data as PostPublished;
        const { postId, userId, platform, publishedAt } = published;
        statements.outcome.run({ postId, userId, platform, outcome: 'posted', at: publishedAt, reason: null });
        return;
      }
      case PublishFailed.type: {
        const failed = parseInboxCopy(this.registry, recorded).data as PublishFailed;
        const { postId, userId, platform, failedAt, reason } = failed;
        statements.outcome.run({ postId, userId, platform, outcome: 'failed', at: failedAt, reason });
        return;
      }
    }
    if (!schedulingCodec.knows(recorded.type)) return;
    const event = schedulingCodec.decodeTrusted(recorded);
    switch (event.type) {
      case 'scheduling.PostQueued': {
        const { postId, userId, platform, dueAt, quotaWarning } = event.data;
        statements.queued.run({ postId, userId, platform, dueAt, quotaWarning });
        for (const listener of this.queuedListeners) listener(dueAt);
        return;
      }
      case 'scheduling.PostDue':
        statements.timer.run({ postId: event.data.postId, timer: 'fired', heldReason: null });
        return;
      case 'scheduling.PostHeld':
        statements.timer.run({ postId: event.data.postId, timer: 'queued', heldReason: event.data.reason });
        return;
      case 'scheduling.PostTimerCancelled':
        statements.timer.run({ postId: event.data.postId, timer: 'cancelled', heldReason: null });
        return;
      default:
        return;
    }
  }
}

function prepare(db: ReadModelDatabase) {
  return {
    get: db.prepare<[string], QueueRow>(`SELECT * FROM ${TABLE} WHERE post_id = ?`),
    ofOwner: db.prepare<[string], QueueRow>(
      `SELECT * FROM ${TABLE}
       WHERE user_id = ?
         AND (timer IN ('queued', 'fired') OR outcome IS NOT NULL
              OR (post_status = 'pending' AND scheduled_time IS NOT NULL))
       ORDER BY COALESCE(due_at, scheduled_time, outcome_at), post_id
       LIMIT 500`,
    ),
    dueWaiting: db.prepare<[string], QueueRow>(
      `SELECT * FROM ${TABLE} WHERE timer = 'queued' AND due_at <= ? AND held_reason IS NULL ORDER BY due_at LIMIT 1000`,
    ),
    dueHeld: db.prepare<[string], QueueRow>(
      `SELECT * FROM ${TABLE} WHERE timer = 'queued' AND due_at <= ? AND held_reason IS NOT NULL
       ORDER BY due_at LIMIT 5000`,
    ),
    totals: db.prepare<[string], { queued: number; posted: number; failed: number }>(
      `SELECT COALESCE(SUM(timer = 'queued' AND outcome IS NULL), 0) AS queued,
              COALESCE(SUM(outcome = 'posted'), 0) AS posted,
              COALESCE(SUM(outcome = 'failed'), 0) AS failed
       FROM ${TABLE} WHERE user_id = ?`,
    ),
    outcomesSince: db.prepare<[string, string], { outcome: Outcome; at: string }>(
      `SELECT outcome, outcome_at AS at FROM ${TABLE}
       WHERE user_id = ? AND outcome IS NOT NULL AND outcome_at >= ?`,
    ),
    nextDue: db.prepare<[string], { due_at: string | null }>(
      `SELECT MIN(due_at) AS due_at FROM ${TABLE}
       WHERE user_id = ? AND timer = 'queued' AND held_reason IS NULL AND outcome IS NULL`,
    ),
    nextDueAny: db.prepare<[], { due_at: string | null }>(
      `SELECT MIN(due_at) AS due_at FROM ${TABLE} WHERE timer = 'queued' AND held_reason IS NULL`,
    ),
    post: db.prepare<{
      postId: string;
      userId: string;
      platform: string;
      content: string;
      status: string;
      scheduledTime: string | null;
      changedAt: string;
    }>(
      `INSERT INTO ${TABLE} (post_id, user_id, platform, content, post_status, scheduled_time, changed_at)
       VALUES (@postId, @userId, @platform, @content, @status, @scheduledTime, @changedAt)
       ON CONFLICT (post_id) DO UPDATE SET platform = excluded.platform, content = excluded.content,
         post_status = excluded.post_status, scheduled_time = excluded.scheduled_time, changed_at = excluded.changed_at
       WHERE changed_at IS NULL OR changed_at <= excluded.changed_at`,
    ),
    queued: db.prepare<{
      postId: string;
      userId: string;
      platform: string;
      dueAt: string;
      quotaWarning: string | null;
    }>(
      `INSERT INTO ${TABLE} (post_id, user_id, platform, timer, due_at, quota_warning)
       VALUES (@postId, @userId, @platform, 'queued', @dueAt, @quotaWarning)
       ON CONFLICT (post_id) DO UPDATE SET timer = 'queued', due_at = excluded.due_at,
         quota_warning = excluded.quota_warning, held_reason = NULL`,
    ),
    timer: db.prepare<{ postId: string; timer: TimerState; heldReason: string | null }>(
      `UPDATE ${TABLE} SET timer = @timer, held_reason = @heldReason WHERE post_id = @postId`,
    ),
    outcome: db.prepare<{
      postId: string;
      userId: string;
      platform: string;
      outcome: Outcome;
      at: string;
      reason: string | null;
    }>(
      `INSERT INTO ${TABLE} (post_id, user_id, platform, outcome, outcome_at, failure_reason)
       VALUES (@postId, @userId, @platform, @outcome, @at, @reason)
       ON CONFLICT (post_id) DO UPDATE SET outcome = excluded.outcome, outcome_at = excluded.outcome_at,
         failure_reason = excluded.failure_reason`,
    ),
  };
}

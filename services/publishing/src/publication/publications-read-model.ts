import type { PostPlatform, PublishFailureClass } from '@brandloom/proto-events';
import { readModelTables, type Projection, type ReadModelDatabase, type RecordedEvent } from '@brandloom/runtime';
import { publishingCodec } from '../events.js';

const TABLE = 'publications';

export interface PublicationRow {
  post_id: string;
  user_id: string;
  platform: 'twitter' | 'instagram' | 'facebook';
  content: string;
  due_at: string;
  status: 'queued' | 'attempting' | 'published' | 'failed';
  next_attempt_at: string;
  platform_post_id: string | null;
  url: string | null;
  published_at: string | null;
  failure_class: PublishFailureClass | null;
  reason: string | null;
}

/**
 * Every post publishing was asked to publish and where it stands. It is the publisher's durable
 * queue (due rows: queued or attempting, by next attempt time), Moderation's Published list, and
 * the quota ledger (posts published or due per account in a window).
 */
export class PublicationsReadModel implements Projection {
  readonly name = 'publications';
  readonly version = 1;
  readonly categories = ['publication'];
  readonly tables = [TABLE];
  private readonly store = readModelTables(
    'publications',
    `
      CREATE TABLE IF NOT EXISTS ${TABLE} (
        post_id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        platform TEXT NOT NULL,
        content TEXT NOT NULL,
        due_at TEXT NOT NULL,
        status TEXT NOT NULL,
        next_attempt_at TEXT NOT NULL,
        platform_post_id TEXT,
        url TEXT,
        published_at TEXT,
        failure_class TEXT,
        reason TEXT
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS ${TABLE}_due ON ${TABLE} (next_attempt_at) WHERE status IN ('queued', 'attempting');
      CREATE INDEX IF NOT EXISTS ${TABLE}_owner ON ${TABLE} (user_id, platform, due_at);
    `,
    prepare,
  );

  attach(db: ReadModelDatabase): void {
    this.store.attach(db);
  }

  /** Posts whose next attempt is due at `at` (an attempt with no outcome is due at once), oldest first. */
  due(at: string, limit: number): PublicationRow[] {
    return this.store.statements().due.all(at, limit);
  }

  get(postId: string): PublicationRow | null {
    return this.store.statements().get.get(postId) ?? null;
  }

  publishedBy(userId: string): PublicationRow[] {
    return this.store.statements().publishedBy.all(userId);
  }

  /** Posts of the account published, or due and not failed, in (from, to]. */
  countInWindow(userId: string, platform: PostPlatform, from: string, to: string): number {
    return this.store.statements().countInWindow.get({ userId, platform, from, to })?.count ?? 0;
  }

  private readonly requestListeners = new Set<() => void>();

  /** Told of each new request (the publisher takes it at once); returns how to stop listening. */
  onRequested(listener: () => void): () => void {
    this.requestListeners.add(listener);
    return () => this.requestListeners.delete(listener);
  }

  apply(recorded: RecordedEvent): void {
    if (!recorded.type.startsWith('publishing.')) return;
    const event = publishingCodec.decode(recorded);
    const statements = this.store.statements();
    switch (event.type) {
      case 'publishing.PublicationRequested': {
        const { postId, userId, platform, content, dueAt, requestedAt } = event.data;
        statements.request.run({ postId, userId, platform, content, dueAt, at: requestedAt });
        for (const listener of this.requestListeners) listener();
        return;
      }
      case 'publishing.PublishAttemptStarted':
        statements.move.run({ postId: event.data.postId, status: 'attempting', at: event.data.at });
        return;
      case 'publishing.PublishRetryScheduled':
        statements.move.run({ postId: event.data.postId, status: 'queued', at: event.data.retryAt });
        return;
      case 'publishing.PostPublished': {
        const { postId, platformPostId, url, publishedAt } = event.data;
        statements.published.run({ postId, platformPostId, url, publishedAt });
        return;
      }
      case 'publishing.PublishFailed': {
        const { postId, failureClass, reason } = event.data;
        statements.failed.run({ postId, failureClass, reason });
        return;
      }
      default:
        return;
    }
  }
}

function prepare(db: ReadModelDatabase) {
  return {
    due: db.prepare<[string, number], PublicationRow>(
      `SELECT * FROM ${TABLE} WHERE status IN ('queued', 'attempting') AND next_attempt_at <= ?
       ORDER BY next_attempt_at LIMIT ?`,
    ),
    get: db.prepare<[string], PublicationRow>(`SELECT * FROM ${TABLE} WHERE post_id = ?`),
    publishedBy: db.prepare<[string], PublicationRow>(
      `SELECT * FROM ${TABLE} WHERE user_id = ? AND status = 'published' ORDER BY published_at DESC`,
    ),
    countInWindow: db.prepare<{ userId: string; platform: string; from: string; to: string }, { count: number }>(
      `SELECT count(*) AS count FROM ${TABLE}
       WHERE user_id = @userId AND platform = @platform AND status != 'failed'
         AND coalesce(published_at, due_at) > @from AND coalesce(published_at, due_at) <= @to`,
    ),
    request: db.prepare<{
      postId: string;
      userId: string;
      platform: string;
      content: string;
      dueAt: string;
      at: string;
    }>(
      `INSERT OR REPLACE INTO ${TABLE} (post_id, user_id, platform, content, due_at, status, next_attempt_at)
       VALUES (@postId, @userId, @platform, @content, @dueAt, 'queued', @at)`,
    ),
    move: db.prepare<{ postId: string; status: string; at: string }>(
      `UPDATE ${TABLE} SET status = @status, next_attempt_at = @at WHERE post_id = @postId`,
    ),
    published: db.prepare<{ postId: string; platformPostId: string; url: string | null; publishedAt: string }>(
      `UPDATE ${TABLE} SET status = 'published', platform_post_id = @platformPostId, url = @url,
         published_at = @publishedAt WHERE post_id = @postId`,
    ),
    failed: db.prepare<{ postId: string; failureClass: string; reason: string }>(
      `UPDATE ${TABLE} SET status = 'failed', failure_class = @failureClass, reason = @reason WHERE post_id = @postId`,
    ),
  };
}

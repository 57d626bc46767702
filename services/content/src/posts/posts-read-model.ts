import { type Projection, type ReadModelDatabase, type RecordedEvent, readModelTables } from '@brandloom/runtime';
import { contentCodec } from '../events.js';
import type { Platform } from '../platforms.js';
import type { PostStatus } from './post.js';

/** A post as the Moderation screen shows it (spec §3). */
export interface PostView {
  id: string;
  platform: Platform;
  status: PostStatus;
  content: string;
  topic: string;
  tone: string;
  isAiGenerated: boolean;
  includeHashtags: boolean;
  createdAt: string;
  decidedAt: string | null;
  postedTime: string | null;
  autoPost: boolean;
  scheduledTime: string | null;
  failureReason: string | null;
  platformUrl: string | null;
  /** Scheduling's word that the platform's quota is already used up at the post's time. */
  quotaWarning: string | null;
}

interface PostRow {
  id: string;
  user_id: string;
  platform: Platform;
  status: PostStatus;
  content: string;
  topic: string;
  tone: string;
  is_ai_generated: number;
  include_hashtags: number;
  created_at: string;
  decided_at: string | null;
  posted_time: string | null;
  auto_post: number;
  scheduled_time: string | null;
  failure_reason: string | null;
  platform_url: string | null;
  quota_warning: string | null;
}

const TABLE = 'posts';

/** Every owner's posts, newest first, for Moderation and the `User` counts. */
export class PostsReadModel implements Projection {
  readonly name = 'posts';
  // 2: autoPost, scheduledTime and the reports of scheduling and publishing.
  readonly version = 2;
  readonly categories = ['post'];
  readonly tables = [TABLE];
  private readonly store = readModelTables(
    'posts',
    `
      CREATE TABLE IF NOT EXISTS ${TABLE} (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        platform TEXT NOT NULL,
        status TEXT NOT NULL,
        content TEXT NOT NULL,
        topic TEXT NOT NULL,
        tone TEXT NOT NULL,
        is_ai_generated INTEGER NOT NULL,
        include_hashtags INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        decided_at TEXT,
        posted_time TEXT,
        auto_post INTEGER NOT NULL,
        scheduled_time TEXT,
        failure_reason TEXT,
        platform_url TEXT,
        quota_warning TEXT
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS posts_by_owner ON ${TABLE} (user_id, created_at);
    `,
    prepare,
  );
  /** Per owner: how many posts they have, which the current user's fields read on every request. */
  private readonly totals = this.store.rows<number>();

  attach(db: ReadModelDatabase): void {
    this.store.attach(db);
  }

  ofOwner(userId: string): PostView[] {
    return this.store.statements().ofOwner.all(userId).map(toView);
  }

  /** The owner's post, or null for another owner's (which does not exist for them). */
  get(userId: string, postId: string): PostView | null {
    const row = this.store.statements().get.get(postId);
    return row && row.user_id === userId ? toView(row) : null;
  }

  count(userId: string): number {
    return this.totals.read(userId, () => this.store.statements().count.get(userId)?.total ?? 0);
  }

  apply(recorded: RecordedEvent): void {
    if (!contentCodec.knows(recorded.type)) return;
    const event = contentCodec.decodeTrusted(recorded);
    const statements = this.store.statements();
    switch (event.type) {
      case 'content.PostCreated': {
        const {
          postId,
          userId,
          isAiGenerated,
          includeHashtags,
          autoPost,
          scheduledTime,
          slotId: _slot,
          ...post
        } = event.data;
        this.totals.forget(userId);
        statements.insert.run({
          ...post,
          id: postId,
          userId,
          isAiGenerated: isAiGenerated ? 1 : 0,
          includeHashtags: includeHashtags ? 1 : 0,
          autoPost: autoPost ? 1 : 0,
          scheduledTime: scheduledTime ?? null,
        });
        return;
      }
      case 'content.PostApproved':
        statements.decide.run({ id: event.data.postId, status: 'approved', at: event.data.at });
        return;
      case 'content.PostRejected':
        statements.decide.run({ id: event.data.postId, status: 'rejected', at: event.data.at });
        return;
      case 'content.PostScheduled':
        statements.scheduled.run({ id: event.data.postId, quotaWarning: event.data.quotaWarning });
        return;
      case 'content.PostPosted':
        statements.posted.run({
          id: event.data.postId,
          postedTime: event.data.post.postedTime,
          platformUrl: event.data.platformUrl,
        });
        return;
      case 'content.PostFailed':
        statements.failed.run({ id: event.data.postId, reason: event.data.reason });
        return;
      default:
        return;
    }
  }
}

function prepare(db: ReadModelDatabase) {
  return {
    ofOwner: db.prepare<[string], PostRow>(`SELECT * FROM ${TABLE} WHERE user_id = ? ORDER BY created_at DESC, id`),
    get: db.prepare<[string], PostRow>(`SELECT * FROM ${TABLE} WHERE id = ?`),
    count: db.prepare<[string], { total: number }>(`SELECT COUNT(*) AS total FROM ${TABLE} WHERE user_id = ?`),
    insert: db.prepare<{
      id: string;
      userId: string;
      platform: string;
      content: string;
      topic: string;
      tone: string;
      isAiGenerated: number;
      includeHashtags: number;
      createdAt: string;
      autoPost: number;
      scheduledTime: string | null;
    }>(
      `INSERT OR REPLACE INTO ${TABLE}
         (id, user_id, platform, status, content, topic, tone, is_ai_generated, include_hashtags, created_at,
          auto_post, scheduled_time)
       VALUES (@id, @userId, @platform, 'pending', @content, @topic, @tone, @isAiGenerated, @includeHashtags,
          @createdAt, @autoPost, @scheduledTime)`,
    ),
    decide: db.prepare<{ id: string; status: string; at: string }>(
      `UPDATE ${TABLE} SET status = @status, decided_at = @at WHERE id = @id`,
    ),
    scheduled: db.prepare<{ id: string; quotaWarning: string | null }>(
      `UPDATE ${TABLE} SET status = 'scheduled', quota_warning = @quotaWarning WHERE id = @id`,
    ),
    posted: db.prepare<{ id: string; postedTime: string | null; platformUrl: string | null }>(
      `UPDATE ${TABLE} SET status = 'posted', posted_time = @postedTime, platform_url = @platformUrl,
         failure_reason = NULL WHERE id = @id`,
    ),
    failed: db.prepare<{ id: string; reason: string }>(
      `UPDATE ${TABLE} SET status = 'failed', failure_reason = @reason WHERE id = @id`,
    ),
  };
}

function toView(row: PostRow): PostView {
  return {
    id: row.id,
    platform: row.platform,
    status: row.status,
    content: row.content,
    topic: row.topic,
    tone: row.tone,
    isAiGenerated: row.is_ai_generated === 1,
    includeHashtags: row.include_hashtags === 1,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    postedTime: row.posted_time,
    autoPost: row.auto_post === 1,
    scheduledTime: row.scheduled_time,
    failureReason: row.failure_reason,
    platformUrl: row.platform_url,
    quotaWarning: row.quota_warning,
  };
}

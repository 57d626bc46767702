import { createIntegrationEventRegistry, PostChanged } from '@brandloom/proto-events';
import {
  parseInboxCopy,
  readModelTables,
  type Projection,
  type ReadModelDatabase,
  type RecordedEvent,
} from '@brandloom/runtime';

const TABLE = 'tiktok_posts';

/** The owners' TikTok posts as content last published them (content.PostChanged), for the content pack. */
export class TikTokPostsReadModel implements Projection {
  readonly name = 'tiktok-posts';
  readonly version = 1;
  readonly categories = ['inbox'];
  readonly tables = [TABLE];
  private readonly registry = createIntegrationEventRegistry();
  private readonly store = readModelTables(
    'tiktok-posts',
    `CREATE TABLE IF NOT EXISTS ${TABLE} (
       post_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, content TEXT NOT NULL
     ) STRICT, WITHOUT ROWID;`,
    (db) => ({
      get: db.prepare<[string, string], { content: string }>(
        `SELECT content FROM ${TABLE} WHERE post_id = ? AND user_id = ?`,
      ),
      upsert: db.prepare<[string, string, string]>(
        `INSERT OR REPLACE INTO ${TABLE} (post_id, user_id, content) VALUES (?, ?, ?)`,
      ),
    }),
  );

  attach(db: ReadModelDatabase): void {
    this.store.attach(db);
  }

  /** The post's text, if it is the owner's TikTok post. */
  contentOf(userId: string, postId: string): string | null {
    return this.store.statements().get.get(postId, userId)?.content ?? null;
  }

  apply(recorded: RecordedEvent): void {
    if (recorded.type !== PostChanged.type) return;
    const copy = parseInboxCopy(this.registry, recorded);
    if (copy.type !== PostChanged.type || copy.data.platform !== 'tiktok') return;
    this.store.statements().upsert.run(copy.data.postId, copy.data.userId, copy.data.content);
  }
}

import type { Projection, ReadModelDatabase, RecordedEvent } from '@brandloom/runtime';
import { contentCodec, type BrandSettings } from '../events.js';

const TABLE = 'brand_settings';

/** Each owner's brand settings as last saved. */
export class BrandReadModel implements Projection {
  readonly name = 'brand-settings';
  readonly version = 1;
  readonly categories = ['brand'];
  readonly tables = [TABLE];
  private statements: ReturnType<typeof prepare> | null = null;

  attach(db: ReadModelDatabase): void {
    db.exec(
      `CREATE TABLE IF NOT EXISTS ${TABLE} (user_id TEXT PRIMARY KEY, settings TEXT NOT NULL) STRICT, WITHOUT ROWID;`,
    );
    this.statements = prepare(db);
  }

  get(userId: string): BrandSettings | null {
    const row = this.attached().get.get(userId);
    return row ? (JSON.parse(row.settings) as BrandSettings) : null;
  }

  apply(recorded: RecordedEvent): void {
    if (recorded.type !== 'content.BrandSettingsSaved') return;
    const event = contentCodec.decodeTrusted(recorded);
    if (event.type !== 'content.BrandSettingsSaved') return;
    this.attached().upsert.run({ userId: event.data.userId, settings: JSON.stringify(event.data.settings) });
  }

  private attached() {
    if (!this.statements) throw new Error('The brand settings read model is not attached to its database yet');
    return this.statements;
  }
}

function prepare(db: ReadModelDatabase) {
  return {
    get: db.prepare<[string], { settings: string }>(`SELECT settings FROM ${TABLE} WHERE user_id = ?`),
    upsert: db.prepare<{ userId: string; settings: string }>(
      `INSERT OR REPLACE INTO ${TABLE} (user_id, settings) VALUES (@userId, @settings)`,
    ),
  };
}

import { type Projection, type ReadModelDatabase, type RecordedEvent, readModelTables } from '@brandloom/runtime';
import { contentCodec, type BrandSettings } from '../events.js';

const TABLE = 'brand_settings';

/** Each owner's brand settings as last saved. */
export class BrandReadModel implements Projection {
  readonly name = 'brand-settings';
  readonly version = 1;
  readonly categories = ['brand'];
  readonly tables = [TABLE];
  private readonly store = readModelTables(
    'brand settings',
    `CREATE TABLE IF NOT EXISTS ${TABLE} (user_id TEXT PRIMARY KEY, settings TEXT NOT NULL) STRICT, WITHOUT ROWID;`,
    prepare,
  );

  attach(db: ReadModelDatabase): void {
    this.store.attach(db);
  }

  get(userId: string): BrandSettings | null {
    const row = this.store.statements().get.get(userId);
    return row ? (JSON.parse(row.settings) as BrandSettings) : null;
  }

  apply(recorded: RecordedEvent): void {
    if (recorded.type !== 'content.BrandSettingsSaved') return;
    const event = contentCodec.decodeTrusted(recorded);
    if (event.type !== 'content.BrandSettingsSaved') return;
    this.store.statements().upsert.run({ userId: event.data.userId, settings: JSON.stringify(event.data.settings) });
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

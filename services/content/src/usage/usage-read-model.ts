import { type Projection, type ReadModelDatabase, type RecordedEvent, readModelTables } from '@brandloom/runtime';
import { contentCodec } from '../events.js';

const TABLE = 'monthly_usage';

/** AI generations and tokens per owner and month, for the generator's footer and `User`. */
export class UsageReadModel implements Projection {
  readonly name = 'monthly-usage';
  readonly version = 1;
  readonly categories = ['usage'];
  readonly tables = [TABLE];
  private readonly store = readModelTables(
    'usage',
    `
      CREATE TABLE IF NOT EXISTS ${TABLE} (
        user_id TEXT NOT NULL,
        month TEXT NOT NULL,
        generations INTEGER NOT NULL,
        tokens INTEGER NOT NULL,
        PRIMARY KEY (user_id, month)
      ) STRICT, WITHOUT ROWID;
    `,
    prepare,
  );
  /** Per owner and month: the count the current user's fields read on every request. */
  private readonly months = this.store.rows<{ generations: number; tokens: number }>();

  attach(db: ReadModelDatabase): void {
    this.store.attach(db);
  }

  get(userId: string, month: string): { generations: number; tokens: number } {
    return this.months.read(
      `${userId} ${month}`,
      () => this.store.statements().get.get(userId, month) ?? { generations: 0, tokens: 0 },
    );
  }

  apply(recorded: RecordedEvent): void {
    if (recorded.type !== 'content.GenerationRecorded' && recorded.type !== 'content.DraftTokensRecorded') return;
    const event = contentCodec.decodeTrusted(recorded);
    if (event.type !== 'content.GenerationRecorded' && event.type !== 'content.DraftTokensRecorded') return;
    const { userId, month, totalTokens } = event.data;
    this.months.forget(`${userId} ${month}`);
    const generations = event.type === 'content.GenerationRecorded' ? 1 : 0;
    this.store.statements().add.run({ userId, month, generations, tokens: totalTokens });
  }
}

function prepare(db: ReadModelDatabase) {
  return {
    get: db.prepare<[string, string], { generations: number; tokens: number }>(
      `SELECT generations, tokens FROM ${TABLE} WHERE user_id = ? AND month = ?`,
    ),
    add: db.prepare<{ userId: string; month: string; generations: number; tokens: number }>(
      `INSERT INTO ${TABLE} (user_id, month, generations, tokens) VALUES (@userId, @month, @generations, @tokens)
       ON CONFLICT (user_id, month) DO UPDATE SET generations = generations + @generations, tokens = tokens + @tokens`,
    ),
  };
}

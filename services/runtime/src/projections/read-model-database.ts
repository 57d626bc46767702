import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

/** A service's read-model database: the read models' tables, their checkpoints, parked events. */
export type ReadModelDatabase = Database.Database;

const BUSY_TIMEOUT_MS = 5_000;

const RUNNER_SCHEMA = `
  CREATE TABLE IF NOT EXISTS read_model_checkpoints (
    projection TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    position INTEGER NOT NULL,
    -- The event at 'position' (its id, stream and revision), to notice an event store that no
    -- longer holds it (restored from an older backup, or replaced): the read model is then
    -- rebuilt rather than trusted.
    event_id TEXT,
    stream_id TEXT,
    revision INTEGER
  ) STRICT;
  CREATE TABLE IF NOT EXISTS parked_read_model_events (
    projection TEXT NOT NULL,
    event_id TEXT NOT NULL,
    position INTEGER NOT NULL,
    stream_id TEXT NOT NULL,
    type TEXT NOT NULL,
    error TEXT NOT NULL,
    parked_at TEXT NOT NULL,
    PRIMARY KEY (projection, event_id)
  ) STRICT;
`;

/**
 * Opens (creating if needed) a read-model database; `:memory:` keeps it in memory, rebuilt at
 * every start. WAL with `synchronous=NORMAL`: unlike the event store, this file can be rebuilt
 * from the events, and each read model's checkpoint commits in the same transaction as its rows,
 * so a commit lost to a power cut is simply applied again from the older checkpoint.
 */
export function openReadModelDatabase(file: string): ReadModelDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // Up to 64 MiB of pages (allocated as used): a rebuild updates rows all over the tables.
  db.pragma('cache_size = -65536');
  return db;
}

/** Bump when RUNNER_SCHEMA changes: a file of another layout is emptied and rebuilt. */
const LAYOUT_VERSION = 1;

/**
 * The runner's own tables: checkpoints and parked events. Everything in the file can be rebuilt
 * from the events, so a file of another layout (`user_version`) is emptied rather than migrated.
 */
export function createRunnerTables(db: ReadModelDatabase): void {
  if (db.pragma('user_version', { simple: true }) !== LAYOUT_VERSION) {
    const tables = db
      .prepare<[], string>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
      .pluck()
      .all();
    db.transaction(() => {
      for (const table of tables) db.exec(`DROP TABLE "${table.replaceAll('"', '""')}"`);
      db.pragma(`user_version = ${LAYOUT_VERSION}`);
    })();
  }
  db.exec(RUNNER_SCHEMA);
}

/**
 * A read model's tables and prepared statements: `attach` creates the tables (when missing) and
 * prepares the statements once the runner hands over the database; `statements()` refuses to
 * answer before that. `rows()` gives a cache of its most asked-for answers (see `RowCache`).
 */
export function readModelTables<Statements>(
  readModel: string,
  schema: string,
  prepare: (db: ReadModelDatabase) => Statements,
) {
  let prepared: Statements | null = null;
  let database: ReadModelDatabase | null = null;
  return {
    attach(db: ReadModelDatabase): void {
      db.exec(schema);
      prepared = prepare(db);
      database = db;
    },
    statements(): Statements {
      if (!prepared) throw new Error(`The ${readModel} read model is not attached to its database yet`);
      return prepared;
    },
    rows<Value>(capacity?: number): RowCache<Value> {
      return new RowCache<Value>(() => database?.inTransaction ?? true, capacity);
    },
  };
}

const DEFAULT_ROWS_KEPT = 10_000;

/**
 * A read model's most asked-for answers, kept in memory beside its tables: a query on a hot path
 * (the signed-in user, their plan, their session) then costs a map lookup instead of a sqlite
 * statement. Only the read model's `apply` changes its tables, and it forgets every answer it
 * changes, so a kept answer is always the committed one. An answer read inside a transaction
 * (an `apply` that reads, not yet committed, possibly rolled back) is never kept. Answers are
 * frozen: whoever reads one shares it.
 */
export class RowCache<Value> {
  private readonly kept = new Map<string, Value>();

  constructor(
    private readonly inTransaction: () => boolean,
    private readonly capacity = DEFAULT_ROWS_KEPT,
  ) {}

  read(key: string, load: () => Value): Value {
    const kept = this.kept.get(key);
    if (kept !== undefined) return kept;
    const value = load();
    if (value === undefined || this.inTransaction()) return value;
    // The oldest answer makes room: a map keeps insertion order.
    if (this.kept.size >= this.capacity) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, Object.freeze(value));
    return value;
  }

  forget(key: string): void {
    this.kept.delete(key);
  }

  forgetAll(): void {
    this.kept.clear();
  }
}

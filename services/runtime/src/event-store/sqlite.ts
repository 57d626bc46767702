import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import {
  assertExpectedRevision,
  priorAppendOf,
  resultOfHead,
  type RecordedPlace,
  type StreamHead,
} from './append-rules.js';
import {
  categoryOf,
  type AppendResult,
  type EventHandler,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './port.js';
import { SubscriptionSet, type SubscriptionControl } from './subscription.js';

/** Events handed to a subscription per read while it catches up. */
const CATCH_UP_BATCH = 1000;
const BUSY_TIMEOUT_MS = 5_000;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id TEXT NOT NULL UNIQUE,
    stream_id TEXT NOT NULL,
    revision INTEGER NOT NULL,
    category TEXT NOT NULL,
    type TEXT NOT NULL,
    version INTEGER NOT NULL,
    data TEXT NOT NULL,
    metadata TEXT NOT NULL,
    UNIQUE (stream_id, revision)
  ) STRICT;
  -- Readers that fold a few categories (read models, reactions) read through this index instead
  -- of scanning every event. IF NOT EXISTS: files made before the index get it at their next open.
  CREATE INDEX IF NOT EXISTS events_by_category ON events (category, position);
  CREATE TABLE IF NOT EXISTS checkpoints (
    name TEXT PRIMARY KEY,
    position INTEGER NOT NULL
  ) STRICT;
`;

interface EventRow {
  position: number;
  event_id: string;
  stream_id: string;
  revision: number;
  type: string;
  version: number;
  data: string;
  metadata: string;
}

interface NewEventRow {
  eventId: string;
  streamId: string;
  revision: number;
  category: string;
  type: string;
  version: number;
  data: string;
  metadata: string;
}

/** The event store in one sqlite file, the only writer of that file. */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly statements: ReturnType<typeof prepareStatements>;
  private readonly categoryReads = new Map<number, Database.Statement<Record<string, string | number>, EventRow>>();
  private readonly appendAtomically: (
    streamId: string,
    events: readonly EventToAppend[],
    expected: ExpectedRevision,
  ) => AppendResult;
  private readonly appendListeners = new Set<() => void>();
  private readonly subscriptions = new SubscriptionSet();

  constructor(options: { file: string }) {
    mkdirSync(dirname(options.file), { recursive: true });
    this.db = new Database(options.file);
    this.db.pragma('journal_mode = WAL');
    // Events are the source of truth: a commit must survive a power loss, not only a crash.
    this.db.pragma('synchronous = FULL');
    this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    this.db.exec(SCHEMA);
    this.statements = prepareStatements(this.db);
    const transaction = this.db.transaction(this.appendNow.bind(this));
    // IMMEDIATE takes the write lock up front, so a second connection waits instead of failing
    // when it tries to upgrade a read lock mid-transaction.
    this.appendAtomically = (streamId, events, expected) => transaction.immediate(streamId, events, expected);
  }

  async appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    const result = this.appendAtomically(streamId, events, options.expectedRevision);
    if (events.length > 0) this.notifyAppended();
    return result;
  }

  async readStream(streamId: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]> {
    return this.statements.readStream.all({ streamId, fromRevision: options?.fromRevision ?? 0 }).map(toRecordedEvent);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.readAllNow(options);
  }

  subscribeToAll(options: SubscribeOptions, handler: EventHandler, onError?: (error: unknown) => void): Subscription {
    return this.subscriptions.start((control) => this.deliver(options, handler, control), onError);
  }

  async getCheckpoint(name: string): Promise<number | null> {
    return this.statements.getCheckpoint.get(name)?.position ?? null;
  }

  async setCheckpoint(name: string, position: number): Promise<void> {
    this.statements.setCheckpoint.run({ name, position });
  }

  async close(): Promise<void> {
    await this.subscriptions.stopAll();
    if (this.db.open) this.db.close();
  }

  /** A pragma's value on the store's own connection (some pragmas are per connection). */
  readPragma(name: string): unknown {
    return this.db.pragma(name, { simple: true });
  }

  /** How sqlite would run `readAll` with these options (EXPLAIN QUERY PLAN), one step a line. */
  queryPlanOfReadAll({ categories }: Pick<ReadAllOptions, 'categories'>): string[] {
    const distinct = categories === undefined ? undefined : [...new Set(categories)];
    const source = distinct === undefined ? this.statements.readAll.source : this.categoryRead(distinct.length).source;
    const named = Object.fromEntries((distinct ?? []).map((category, index) => [`category${index}`, category]));
    return this.db
      .prepare<Record<string, string | number>, { detail: string }>(`EXPLAIN QUERY PLAN ${source}`)
      .all({ after: 0, maxCount: 1, ...named })
      .map((step) => step.detail);
  }

  private appendNow(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): AppendResult {
    // A repeated batch repeats its first id; a new batch is checked with one lookup, and any
    // later id recorded elsewhere trips UNIQUE(event_id) below.
    const placeOf = (id: string) => this.statements.placeOf.get(id);
    const first = events[0];
    const prior =
      first && placeOf(first.id)
        ? priorAppendOf(
            streamId,
            events.map((event) => event.id),
            placeOf,
          )
        : null;
    if (prior) return prior;
    const head: StreamHead = this.statements.headOf.get(streamId) ?? null;
    assertExpectedRevision(streamId, expected, head);
    let result = resultOfHead(head);
    for (const event of events) {
      const revision = result.nextExpectedRevision + 1;
      const inserted = this.insertEvent(streamId, revision, event);
      result = { nextExpectedRevision: revision, position: Number(inserted.lastInsertRowid) };
    }
    return result;
  }

  private insertEvent(streamId: string, revision: number, event: EventToAppend) {
    try {
      return this.statements.insert.run(toNewEventRow(streamId, revision, event));
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' && /event_id/.test(String(error))) {
        throw new Error(`Stream ${streamId}: event id ${event.id} is already recorded elsewhere`, { cause: error });
      }
      throw error;
    }
  }

  private readAllNow({ after, categories, maxCount }: ReadAllOptions): RecordedEvent[] {
    // sqlite reads a negative LIMIT as no limit.
    const window = { after: after ?? 0, maxCount: maxCount ?? -1 };
    if (categories === undefined) return this.statements.readAll.all(window).map(toRecordedEvent);
    const distinct = [...new Set(categories)];
    if (distinct.length === 0) return [];
    const named = Object.fromEntries(distinct.map((category, index) => [`category${index}`, category]));
    return this.categoryRead(distinct.length)
      .all({ ...window, ...named })
      .map(toRecordedEvent);
  }

  /**
   * One arm per category, each walking `events_by_category` in position order, merged by sqlite
   * (MERGE UNION ALL) and cut at the limit: a read costs the rows it returns. `category IN (...)`
   * would instead sort every remaining matching row for each batch.
   */
  private categoryRead(count: number) {
    let statement = this.categoryReads.get(count);
    if (!statement) {
      const arms = Array.from(
        { length: count },
        (_, index) => `SELECT * FROM events WHERE category = @category${index} AND position > @after`,
      );
      statement = this.db.prepare(`${arms.join(' UNION ALL ')} ORDER BY position LIMIT @maxCount`);
      this.categoryReads.set(count, statement);
    }
    return statement;
  }

  private lastPosition(): number {
    return this.statements.lastPosition.get()?.position ?? 0;
  }

  private async deliver(
    { after, categories }: SubscribeOptions,
    handler: EventHandler,
    control: SubscriptionControl,
  ): Promise<void> {
    const wake = wakeSignal();
    this.appendListeners.add(wake.wake);
    control.onStop(wake.wake);
    try {
      const backlogEnd = this.lastPosition();
      let handledUpTo = after ?? 0;
      while (!control.stopped) {
        const batch = this.readAllNow({ after: handledUpTo, categories, maxCount: CATCH_UP_BATCH });
        if (batch.length === 0) {
          // Nothing left that matches, even if the last events of the backlog are filtered out.
          control.markCaughtUp();
          await wake.next();
          continue;
        }
        for (const event of batch) {
          if (control.stopped) return;
          await handler(event);
          handledUpTo = event.position;
          if (handledUpTo >= backlogEnd) control.markCaughtUp();
        }
      }
    } finally {
      this.appendListeners.delete(wake.wake);
    }
  }

  private notifyAppended(): void {
    for (const listener of this.appendListeners) listener();
  }
}

export function openSqliteEventStore(options: { file: string }): EventStore {
  return new SqliteEventStore(options);
}

function prepareStatements(db: Database.Database) {
  return {
    insert: db.prepare<NewEventRow>(
      `INSERT INTO events (event_id, stream_id, revision, category, type, version, data, metadata)
       VALUES (@eventId, @streamId, @revision, @category, @type, @version, @data, @metadata)`,
    ),
    placeOf: db.prepare<[string], RecordedPlace>(
      `SELECT stream_id AS streamId, revision, position FROM events WHERE event_id = ?`,
    ),
    headOf: db.prepare<[string], { revision: number; position: number }>(
      `SELECT revision, position FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1`,
    ),
    readStream: db.prepare<{ streamId: string; fromRevision: number }, EventRow>(
      `SELECT * FROM events WHERE stream_id = @streamId AND revision >= @fromRevision
       ORDER BY revision`,
    ),
    readAll: db.prepare<{ after: number; maxCount: number }, EventRow>(
      `SELECT * FROM events WHERE position > @after ORDER BY position LIMIT @maxCount`,
    ),
    lastPosition: db.prepare<[], { position: number }>(`SELECT position FROM events ORDER BY position DESC LIMIT 1`),
    getCheckpoint: db.prepare<[string], { position: number }>(`SELECT position FROM checkpoints WHERE name = ?`),
    setCheckpoint: db.prepare<{ name: string; position: number }>(
      `INSERT INTO checkpoints (name, position) VALUES (@name, @position)
       ON CONFLICT (name) DO UPDATE SET position = excluded.position`,
    ),
  };
}

function toNewEventRow(streamId: string, revision: number, event: EventToAppend): NewEventRow {
  return {
    eventId: event.id,
    streamId,
    revision,
    category: categoryOf(streamId),
    type: event.type,
    version: event.version,
    data: JSON.stringify(event.data ?? null),
    metadata: JSON.stringify(event.metadata),
  };
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: row.revision,
    position: row.position,
    type: row.type,
    version: row.version,
    data: JSON.parse(row.data),
    metadata: JSON.parse(row.metadata),
  };
}

/**
 * Lets a subscription sleep until the next append. Wakes that come while nobody sleeps are
 * dropped: the subscription reads again before it sleeps, and nothing can append between that
 * read and the sleep since both happen in one synchronous step.
 */
function wakeSignal() {
  let sleeper: (() => void) | null = null;
  return {
    wake() {
      sleeper?.();
      sleeper = null;
    },
    next() {
      return new Promise<void>((resolve) => {
        sleeper = resolve;
      });
    },
  };
}

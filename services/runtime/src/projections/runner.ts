import type { BackgroundWork, WorkReport, WorkStatus } from '../background/work.js';
import { categoryOf, type EventStore, type RecordedEvent, type Subscription } from '../event-store/port.js';
import type { Logger } from '../log/logger.js';
import { createRunnerTables, openReadModelDatabase, type ReadModelDatabase } from './read-model-database.js';

export type { ReadModelDatabase } from './read-model-database.js';
export { openReadModelDatabase, readModelTables } from './read-model-database.js';

/**
 * A read model kept in the service's read-model database (sqlite) and current with its store.
 * Queries read its tables synchronously; the runner calls `apply` inside its transactions, so a
 * query never sees half a batch.
 */
export interface Projection {
  /** Names its checkpoint; unique within a service. */
  readonly name: string;
  /** Bump when `apply` or the tables change: the read model is then dropped and rebuilt. */
  readonly version: number;
  /** The categories of the streams it folds; the runner reads only these. */
  readonly categories: readonly string[];
  /** Its tables, dropped before a rebuild. */
  readonly tables: readonly string[];
  /** Creates its tables when missing and prepares its statements; called once at start. */
  attach(db: ReadModelDatabase): void;
  /** Folds one event of its categories. Must ignore event types it does not know. */
  apply(event: RecordedEvent): void;
  /**
   * True for a read model a security decision is read from (who a session speaks for): an event
   * it fails on is retried until it goes through, never parked and skipped, and the runner is
   * reported unhealthy meanwhile, so readers can refuse to answer instead of answering from a
   * picture that misses, say, a sign-out.
   */
  readonly neverSkips?: boolean;
}

/** Told of an event a read model failed on at every attempt, before the runner skips it. */
export type ParkReadModelEvent = (event: RecordedEvent, projection: string, error: unknown) => void | Promise<void>;

export interface ParkedReadModelEvent {
  projection: string;
  eventId: string;
  position: number;
  streamId: string;
  type: string;
  error: string;
  parkedAt: string;
}

/**
 * A command's events are recorded, but the read models that would show them are behind, dead or
 * stopped: the caller is told to try again rather than shown a stale answer.
 */
export class ReadModelsUnavailableError extends Error {
  override readonly name = 'ReadModelsUnavailableError';
}

export interface ProjectionRunnerOptions {
  /** The read-model database file, or an open one; `:memory:` (default) rebuilds at every start. */
  database?: string | ReadModelDatabase;
  /** Its name in reports and logs, `identity/read-models`. */
  name?: string;
  /**
   * Where an event that keeps failing goes. Default: logged at error level and listed in the
   * database's `parked_read_model_events` table (see `parked()`).
   */
  onPark?: ParkReadModelEvent;
  /** Waits between attempts at a failing event; one more attempt than delays, then it is parked. */
  retryDelaysMs?: readonly number[];
  /** How long `waitFor` waits before it rejects. */
  waitTimeoutMs?: number;
  /** Events per transaction once caught up. */
  batchSize?: number;
  /**
   * Events per transaction while catching up at start, before any query is served: larger
   * transactions write each touched page once for many events.
   */
  catchUpBatchSize?: number;
  /** Waits between attempts to read the store again after a read failed. */
  resubscribeDelaysMs?: readonly number[];
  now?: () => Date;
}

const DEFAULT_RETRY_DELAYS_MS = [50, 200, 1000, 5000];
const DEFAULT_RESUBSCRIBE_DELAYS_MS = [200, 1000, 5000];
const DEFAULT_WAIT_TIMEOUT_MS = 10_000;
const DEFAULT_BATCH_SIZE = 1000;
const DEFAULT_CATCH_UP_BATCH_SIZE = 10_000;

interface Tracked {
  projection: Projection;
  categories: ReadonlySet<string>;
  /** Every event up to here is in its tables (or parked); the same as its stored checkpoint. */
  position: number;
}

interface CheckpointRow {
  version: number;
  position: number;
  event_id: string | null;
  stream_id: string | null;
  revision: number | null;
}

interface Waiter {
  position: number;
  resolve: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Keeps a service's read models in its read-model database. At start each resumes from the
 * checkpoint stored with its rows (rebuilt from the first event when it has none, or its version
 * changed), then follows new events of its categories, committing them in batches. Commands
 * await `waitFor(position)` so a user reads their own writes.
 *
 * An event a read model fails on is retried with backoff, then parked and skipped for that read
 * model alone, so one bad event never stops the others.
 */
export class ProjectionRunner implements BackgroundWork {
  readonly name: string;
  private readonly db: ReadModelDatabase;
  private readonly ownsDatabase: boolean;
  private readonly tracked: Tracked[] = [];
  private readonly onPark: ParkReadModelEvent;
  private readonly retryDelaysMs: readonly number[];
  private readonly resubscribeDelaysMs: readonly number[];
  private readonly waitTimeoutMs: number;
  private readonly batchSize: number;
  private readonly catchUpBatchSize: number;
  private readonly now: () => Date;

  /** Every event up to here has been applied (or parked) by every read model. */
  private position = 0;
  private status: WorkStatus = 'starting';
  private detail: string | undefined;
  private parkedCount = 0;
  private started = false;
  private caughtUp = false;
  private stopped = false;
  private subscription: Subscription | null = null;
  private waiters: Waiter[] = [];
  private buffer: RecordedEvent[] = [];
  private flushScheduled = false;
  private flushes: Promise<void> = Promise.resolve();
  private readonly statements: ReturnType<typeof prepareStatements>;
  private readonly backlogCommitted = deferred();
  /** Ends the current backoff wait early (at stop). */
  private readonly pauses = new Set<() => void>();

  constructor(
    private readonly store: EventStore,
    private readonly logger: Logger,
    options: ProjectionRunnerOptions = {},
  ) {
    const database = options.database ?? ':memory:';
    this.ownsDatabase = typeof database === 'string';
    this.db = typeof database === 'string' ? openReadModelDatabase(database) : database;
    this.name = options.name ?? 'read-models';
    this.onPark = options.onPark ?? ((event, projection, error) => this.recordParked(event, projection, error));
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.resubscribeDelaysMs = options.resubscribeDelaysMs ?? DEFAULT_RESUBSCRIBE_DELAYS_MS;
    this.waitTimeoutMs = options.waitTimeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS;
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.catchUpBatchSize = options.catchUpBatchSize ?? DEFAULT_CATCH_UP_BATCH_SIZE;
    this.now = options.now ?? (() => new Date());
    createRunnerTables(this.db);
    this.statements = prepareStatements(this.db);
  }

  register(projections: readonly Projection[]): void {
    if (this.started) throw new Error('Register read models before the runner starts');
    for (const projection of projections) {
      if (this.tracked.some((tracked) => tracked.projection.name === projection.name)) {
        throw new Error(`Two read models are named ${projection.name}`);
      }
      this.tracked.push({ projection, categories: new Set(projection.categories), position: 0 });
    }
  }

  /** Resumes or rebuilds every read model and resolves once they have caught up with the store. */
  async start(): Promise<void> {
    if (this.started) throw new Error('The read-model runner has already started');
    this.started = true;
    for (const tracked of this.tracked) await this.resumeOrRebuild(tracked);
    this.parkedCount = this.statements.countParked.get()?.count ?? 0;
    // Read from the read model furthest behind; the others skip what they already hold.
    this.position = this.tracked.length === 0 ? 0 : Math.min(...this.tracked.map((tracked) => tracked.position));
    const began = performance.now();
    this.subscribe();
    await this.backlogCommitted.promise;
    if (this.stopped) return;
    this.caughtUp = true;
    if (this.status === 'starting') this.status = 'running';
    this.logger.info('read models caught up', {
      runner: this.name,
      position: this.position,
      ms: Math.round(performance.now() - began),
    });
  }

  /** Ready while following the store; not while retrying an event, re-reading the store, or dead. */
  get healthy(): boolean {
    return this.status === 'running' || this.status === 'starting';
  }

  report(): WorkReport {
    return {
      name: this.name,
      status: this.status,
      ...(this.detail === undefined ? {} : { detail: this.detail }),
      parked: this.parkedCount,
    };
  }

  /** Events parked by the default `onPark`, oldest first. */
  parked(): ParkedReadModelEvent[] {
    return this.statements.listParked.all();
  }

  /**
   * Resolves once every event up to `position` that a read model folds has been committed;
   * rejects after the runner's bound, or at once when the runner is dead or stopped.
   */
  async waitFor(position: number | null): Promise<void> {
    if (position === null || position <= this.position) return;
    this.assertAlive();
    // The event at `position` may be of a category no read model folds, and then the runner
    // never reaches it; what matters is the last event it folds up to there.
    const target = await this.lastFoldedUpTo(position);
    if (target <= this.position) return;
    this.assertAlive();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter.timer !== timer);
        reject(
          new ReadModelsUnavailableError(
            `read models are behind: waited ${this.waitTimeoutMs / 1000} s for position ${target}, at ${this.position}` +
              (this.detail ? ` (${this.detail})` : ''),
          ),
        );
      }, this.waitTimeoutMs);
      this.waiters.push({ position: target, resolve, reject, timer });
    });
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const endPause of this.pauses) endPause();
    await this.subscription?.stop();
    // Commit what the subscription handed over; anything later is read again at the next start.
    await this.flush();
    this.setStatus('stopped');
    this.rejectWaiters('read models stopped');
    if (this.ownsDatabase && this.db.open) this.db.close();
  }

  private async resumeOrRebuild(tracked: Tracked): Promise<void> {
    const { projection } = tracked;
    const row = this.statements.getCheckpoint.get(projection.name);
    const reason = !row
      ? null
      : row.version !== projection.version
        ? `version ${row.version} → ${projection.version}`
        : !(await this.storeStillHolds(row))
          ? `the event store no longer holds event ${row.event_id} at position ${row.position}`
          : undefined;
    if (reason === undefined && row) {
      projection.attach(this.db);
      tracked.position = row.position;
      return;
    }
    if (reason) this.logger.info('rebuilding read model', { runner: this.name, projection: projection.name, reason });
    this.db.transaction(() => {
      for (const table of projection.tables) this.db.exec(`DROP TABLE IF EXISTS "${table.replaceAll('"', '""')}"`);
      this.statements.clearParked.run(projection.name);
      this.statements.setCheckpoint.run({
        projection: projection.name,
        version: projection.version,
        position: 0,
        eventId: null,
        streamId: null,
        revision: null,
      });
    })();
    projection.attach(this.db);
    tracked.position = 0;
  }

  private async storeStillHolds(row: CheckpointRow): Promise<boolean> {
    if (row.event_id === null || row.stream_id === null || row.revision === null) return true;
    const [event] = await this.store.readStream(row.stream_id, { fromRevision: row.revision });
    return event?.id === row.event_id && event.position === row.position;
  }

  /**
   * Subscribes from the runner's position. A failed read of the store is tried again from where
   * the committed events end, with growing waits; the first catch-up resolves `backlogCommitted`.
   */
  private subscribe(attempt = 0): void {
    const subscription = this.store.subscribeToAll(
      { after: this.position, categories: this.categories },
      (event) => this.receive(event),
      (error) => void this.readAgainAfter(error, attempt + 1),
    );
    this.subscription = subscription;
    subscription.caughtUp.then(
      async () => {
        await this.flush();
        if (attempt > 0) this.resume();
        this.backlogCommitted.resolve();
      },
      // Told to onError as well; the next subscription resolves the catch-up.
      () => undefined,
    );
  }

  private async readAgainAfter(error: unknown, attempt: number): Promise<void> {
    if (this.stopped) return;
    this.setStatus('retrying', `reading the event store failed (attempt ${attempt}): ${messageOf(error)}`);
    this.logger.warn('read models could not read the event store, retrying', { runner: this.name, attempt, error });
    await this.pause(this.resubscribeDelaysMs[Math.min(attempt - 1, this.resubscribeDelaysMs.length - 1)] ?? 1000);
    await this.flush();
    if (!this.stopped) this.subscribe(attempt);
  }

  /** Takes an event from the subscription; commits when a batch is full or the burst is over. */
  private receive(event: RecordedEvent): Promise<void> | void {
    if (this.status === 'dead' || this.stopped) return;
    this.buffer.push(event);
    if (this.buffer.length >= (this.caughtUp ? this.batchSize : this.catchUpBatchSize)) return this.flush();
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      // After the subscription has handed over what it read at once: one commit per burst.
      setImmediate(() => {
        this.flushScheduled = false;
        void this.flush();
      });
    }
  }

  private flush(): Promise<void> {
    this.flushes = this.flushes.then(async () => {
      const batch = this.buffer.splice(0);
      if (batch.length === 0 || this.status === 'dead' || !this.db.open) return;
      try {
        await this.applyBatch(batch);
      } catch (error) {
        this.die(error);
      }
    });
    return this.flushes;
  }

  private async applyBatch(batch: RecordedEvent[]): Promise<void> {
    const last = batch[batch.length - 1]!;
    try {
      this.commitBatch(batch, last);
    } catch {
      // Something in the batch failed and nothing of it was committed: go event by event to
      // find it, committing the others, and retry or park only what fails.
      for (const event of batch) {
        if (!(await this.applyOneByOne(event))) return;
      }
    }
    this.advanceTo(last.position);
  }

  private commitBatch(batch: readonly RecordedEvent[], last: RecordedEvent): void {
    this.db.transaction(() => {
      for (const event of batch) {
        const category = categoryOf(event.streamId);
        for (const tracked of this.tracked) {
          if (event.position > tracked.position && tracked.categories.has(category)) tracked.projection.apply(event);
        }
      }
      for (const tracked of this.tracked) {
        if (last.position > tracked.position) this.saveCheckpoint(tracked, last);
      }
    })();
    for (const tracked of this.tracked) tracked.position = Math.max(tracked.position, last.position);
  }

  /** False when the runner stopped before the event was dealt with. */
  private async applyOneByOne(event: RecordedEvent): Promise<boolean> {
    const category = categoryOf(event.streamId);
    for (const tracked of this.tracked) {
      if (event.position <= tracked.position || !tracked.categories.has(category)) continue;
      if (!(await this.applyWithRetry(tracked, event))) return false;
    }
    this.advanceTo(event.position);
    return true;
  }

  private async applyWithRetry(tracked: Tracked, event: RecordedEvent): Promise<boolean> {
    const { projection } = tracked;
    for (let attempt = 1; ; attempt++) {
      try {
        this.db.transaction(() => {
          projection.apply(event);
          this.saveCheckpoint(tracked, event);
        })();
        tracked.position = event.position;
        if (attempt > 1) this.resume();
        return true;
      } catch (error) {
        const delays = this.retryDelaysMs;
        const delay = projection.neverSkips
          ? (delays[Math.min(attempt, delays.length) - 1] ?? 1000)
          : delays[attempt - 1];
        if (delay === undefined) {
          await this.park(tracked, event, error);
          return true;
        }
        this.setStatus(
          'retrying',
          `${projection.name} failed on event ${event.id} (${event.type}) at position ${event.position}, ` +
            `attempt ${attempt}: ${messageOf(error)}`,
        );
        this.logger.warn('read model failed, retrying', {
          runner: this.name,
          projection: projection.name,
          eventId: event.id,
          attempt,
          error,
        });
        await this.pause(delay);
        if (this.stopped) return false;
      }
    }
  }

  private async park(tracked: Tracked, event: RecordedEvent, error: unknown): Promise<void> {
    await this.onPark(event, tracked.projection.name, error);
    this.db.transaction(() => this.saveCheckpoint(tracked, event))();
    tracked.position = event.position;
    this.parkedCount++;
    this.resume();
  }

  private recordParked(event: RecordedEvent, projection: string, error: unknown): void {
    this.logger.error('read model parked an event it keeps failing on', {
      runner: this.name,
      projection,
      eventId: event.id,
      type: event.type,
      position: event.position,
      reason: messageOf(error),
    });
    this.statements.park.run({
      projection,
      eventId: event.id,
      position: event.position,
      streamId: event.streamId,
      type: event.type,
      error: messageOf(error),
      parkedAt: this.now().toISOString(),
    });
  }

  private saveCheckpoint(tracked: Tracked, event: RecordedEvent): void {
    this.statements.setCheckpoint.run({
      projection: tracked.projection.name,
      version: tracked.projection.version,
      position: event.position,
      eventId: event.id,
      streamId: event.streamId,
      revision: event.revision,
    });
  }

  private advanceTo(position: number): void {
    if (position <= this.position) return;
    this.position = position;
    const ready = this.waiters.filter((waiter) => waiter.position <= position);
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((waiter) => waiter.position > position);
    for (const waiter of ready) {
      clearTimeout(waiter.timer);
      waiter.resolve();
    }
  }

  private get categories(): string[] {
    return [...new Set(this.tracked.flatMap((tracked) => tracked.projection.categories))];
  }

  private async lastFoldedUpTo(position: number): Promise<number> {
    let target = this.position;
    for (;;) {
      const events = await this.store.readAll({ after: target, categories: this.categories, maxCount: 100 });
      const upTo = events.filter((event) => event.position <= position);
      if (upTo.length > 0) target = upTo[upTo.length - 1]!.position;
      if (upTo.length < events.length || events.length < 100) return target;
    }
  }

  /** Waits `ms`, or less when the runner stops meanwhile. */
  private pause(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.pauses.delete(end);
        resolve();
      };
      const timer = setTimeout(end, ms);
      this.pauses.add(end);
    });
  }

  /** Back to normal after a retry succeeded or an event was parked. */
  private resume(): void {
    if (this.status === 'retrying') this.setStatus(this.caughtUp ? 'running' : 'starting');
  }

  private die(error: unknown): void {
    this.setStatus('dead', `stopped: ${messageOf(error)}`);
    this.logger.error('read models stopped', { runner: this.name, error });
    this.rejectWaiters(`read models are dead: ${messageOf(error)}`);
  }

  private setStatus(status: WorkStatus, detail?: string): void {
    this.status = status;
    this.detail = detail;
  }

  private assertAlive(): void {
    if (this.status === 'dead') {
      throw new ReadModelsUnavailableError(`read models are dead: ${this.detail ?? 'unknown failure'}`);
    }
    if (this.stopped) throw new ReadModelsUnavailableError('read models stopped');
  }

  private rejectWaiters(message: string): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(new ReadModelsUnavailableError(message));
    }
  }
}

function prepareStatements(db: ReadModelDatabase) {
  return {
    getCheckpoint: db.prepare<[string], CheckpointRow>(
      `SELECT version, position, event_id, stream_id, revision FROM read_model_checkpoints WHERE projection = ?`,
    ),
    setCheckpoint: db.prepare<{
      projection: string;
      version: number;
      position: number;
      eventId: string | null;
      streamId: string | null;
      revision: number | null;
    }>(
      `INSERT INTO read_model_checkpoints (projection, version, position, event_id, stream_id, revision)
       VALUES (@projection, @version, @position, @eventId, @streamId, @revision)
       ON CONFLICT (projection) DO UPDATE
         SET version = excluded.version, position = excluded.position, event_id = excluded.event_id,
             stream_id = excluded.stream_id, revision = excluded.revision`,
    ),
    park: db.prepare<{
      projection: string;
      eventId: string;
      position: number;
      streamId: string;
      type: string;
      error: string;
      parkedAt: string;
    }>(
      `INSERT OR REPLACE INTO parked_read_model_events
         (projection, event_id, position, stream_id, type, error, parked_at)
       VALUES (@projection, @eventId, @position, @streamId, @type, @error, @parkedAt)`,
    ),
    countParked: db.prepare<[], { count: number }>(`SELECT count(*) AS count FROM parked_read_model_events`),
    clearParked: db.prepare<[string]>(`DELETE FROM parked_read_model_events WHERE projection = ?`),
    listParked: db.prepare<[], ParkedReadModelEvent>(
      `SELECT projection, event_id AS eventId, position, stream_id AS streamId, type, error, parked_at AS parkedAt
       FROM parked_read_model_events ORDER BY position`,
    ),
  };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((onResolve) => (resolve = onResolve));
  return { promise, resolve };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore, EventToAppend, RecordedEvent } from '../event-store/port.js';
import { openSqliteEventStore } from '../event-store/sqlite.js';
import { createLogger, silentLogger } from '../log/logger.js';
import {
  openReadModelDatabase,
  ProjectionRunner,
  type ProjectionRunnerOptions,
  type Projection,
  type ReadModelDatabase,
} from './runner.js';

/**
 * Lists the events it folds in a table. An event whose data says `{ failTimes: n }` makes the
 * first n tries fail; `failOnly` limits that to the read models named.
 */
class EventLog implements Projection {
  readonly tables: string[];
  /** Every call to `apply`, committed or not. */
  readonly calls: string[] = [];
  private db: ReadModelDatabase | null = null;

  constructor(
    readonly name: string,
    readonly categories: readonly string[] = ['post'],
    readonly version = 1,
  ) {
    this.tables = [`${name}_events`];
  }

  attach(db: ReadModelDatabase): void {
    db.exec(`CREATE TABLE IF NOT EXISTS ${this.name}_events (event_id TEXT PRIMARY KEY, position INTEGER NOT NULL)`);
    this.db = db;
  }

  apply(event: RecordedEvent): void {
    this.calls.push(event.id);
    this.db!.prepare(`INSERT INTO ${this.name}_events (event_id, position) VALUES (?, ?)`).run(
      event.id,
      event.position,
    );
    const { failTimes = 0, failOnly } = event.data as { failTimes?: number; failOnly?: string };
    const tries = this.calls.filter((id) => id === event.id).length;
    if (tries <= failTimes && (failOnly === undefined || failOnly === this.name)) {
      throw new Error(`cannot fold ${event.id}`);
    }
  }

  /** Committed rows, in position order. */
  rows(): string[] {
    return this.db!.prepare<[], { event_id: string }>(`SELECT event_id FROM ${this.name}_events ORDER BY position`)
      .all()
      .map((row) => row.event_id);
  }
}

const ALWAYS = 1_000_000;

const event = (data: object = {}): EventToAppend => ({
  id: randomUUID(),
  type: 'test.Happened',
  version: 1,
  data,
  metadata: { tenantId: null, correlationId: 'test', causationId: null, occurredAt: new Date().toISOString() },
});

describe('the read-model runner', () => {
  let dir: string;
  let store: EventStore;
  const runners: ProjectionRunner[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'read-models-'));
    store = openSqliteEventStore({ file: join(dir, 'events.db') });
  });
  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.stop();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Appends one event per stream; returns the events as recorded. */
  async function append(category: string, count = 1, data: object = {}): Promise<RecordedEvent[]> {
    const recorded: RecordedEvent[] = [];
    for (let index = 0; index < count; index++) {
      const streamId = `${category}-${randomUUID()}`;
      const toAppend = event(index === 0 ? data : {});
      const { position } = await store.appendToStream(streamId, [toAppend], { expectedRevision: 'no_stream' });
      recorded.push({ ...toAppend, streamId, revision: 0, position });
    }
    return recorded;
  }

  function runner(projections: Projection[], options: ProjectionRunnerOptions = {}): ProjectionRunner {
    const created = new ProjectionRunner(store, silentLogger, {
      database: join(dir, 'read.db'),
      retryDelaysMs: [1, 1],
      ...options,
    });
    created.register(projections);
    runners.push(created);
    return created;
  }

  async function stopped(running: ProjectionRunner): Promise<void> {
    await running.stop();
    runners.splice(runners.indexOf(running), 1);
  }

  it('builds a read model from the first event and then follows new ones, committed before waitFor resolves', async () => {
    const backlog = await append('post', 3);
    const log = new EventLog('log');
    const running = runner([log]);
    await running.start();
    expect(log.rows()).toEqual(backlog.map((recorded) => recorded.id));

    const [live] = await append('post');
    await running.waitFor(live!.position);
    expect(log.rows()).toEqual([...backlog, live].map((recorded) => recorded!.id));
  });

  it('resumes from the checkpoint stored with the rows, without replaying them', async () => {
    const first = await append('post', 3);
    const before = runner([new EventLog('log')]);
    await before.start();
    await stopped(before);

    const later = await append('post', 2);
    const log = new EventLog('log');
    await runner([log]).start();
    expect(log.calls).toEqual(later.map((recorded) => recorded.id));
    expect(log.rows()).toEqual([...first, ...later].map((recorded) => recorded.id));
  });

  it('rebuilds a read model whose version changed, and only that one', async () => {
    const first = await append('post', 3);
    const before = runner([new EventLog('changed'), new EventLog('same')]);
    await before.start();
    await stopped(before);

    const later = await append('post', 1);
    const changed = new EventLog('changed', ['post'], 2);
    const same = new EventLog('same');
    await runner([changed, same]).start();
    const all = [...first, ...later].map((recorded) => recorded.id);
    expect(changed.calls).toEqual(all);
    expect(changed.rows()).toEqual(all);
    expect(same.calls).toEqual(later.map((recorded) => recorded.id));
  });

  it('rebuilds when the event store no longer holds the event it stopped at', async () => {
    await append('post', 2);
    const before = runner([new EventLog('log')]);
    await before.start();
    await stopped(before);

    // A different store behind the same read-model file, as after restoring an older backup.
    await store.close();
    await rm(join(dir, 'events.db'));
    store = openSqliteEventStore({ file: join(dir, 'events.db') });
    const replaced = await append('post', 1);
    const log = new EventLog('log');
    await runner([log]).start();
    expect(log.rows()).toEqual(replaced.map((recorded) => recorded.id));
  });

  it('empties a read-model file of another layout and rebuilds in it', async () => {
    const recorded = await append('post', 2);
    const stale = openReadModelDatabase(join(dir, 'read.db'));
    stale.exec(`CREATE TABLE read_model_checkpoints (projection TEXT PRIMARY KEY, position INTEGER NOT NULL);
      INSERT INTO read_model_checkpoints VALUES ('log', 99);
      CREATE TABLE log_events (event_id TEXT PRIMARY KEY, position INTEGER NOT NULL);
      INSERT INTO log_events VALUES ('left over', 1);`);
    stale.close();

    const log = new EventLog('log');
    await runner([log]).start();
    expect(log.rows()).toEqual(recorded.map((event) => event.id));
  });

  it('hands each read model only the categories it folds', async () => {
    const posts = await append('post', 2);
    const comments = await append('comment', 2);
    const postLog = new EventLog('posts', ['post']);
    const commentLog = new EventLog('comments', ['comment']);
    await runner([postLog, commentLog]).start();
    expect(postLog.calls).toEqual(posts.map((recorded) => recorded.id));
    expect(commentLog.calls).toEqual(comments.map((recorded) => recorded.id));
  });

  it('retries an event that fails, and commits it once it succeeds', async () => {
    const log = new EventLog('log');
    const running = runner([log], { retryDelaysMs: [1, 1, 1] });
    await running.start();
    const [failing] = await append('post', 1, { failTimes: 2 });
    await running.waitFor(failing!.position);
    expect(log.rows()).toEqual([failing!.id]);
    expect(running.report()).toEqual({ name: 'read-models', status: 'running', parked: 0 });
    expect(running.parked()).toEqual([]);
  });

  it('parks an event a read model keeps failing on, and goes on with the next ones and the other read models', async () => {
    const broken = new EventLog('broken');
    const healthy = new EventLog('healthy');
    const parked: { eventId: string; projection: string; error: string }[] = [];
    const running = runner([broken, healthy], {
      onPark: (recorded, projection, error) =>
        void parked.push({ eventId: recorded.id, projection, error: (error as Error).message }),
    });
    await running.start();
    const [failing, next] = await append('post', 2, { failTimes: ALWAYS, failOnly: 'broken' });
    await running.waitFor(next!.position);

    expect(parked).toEqual([{ eventId: failing!.id, projection: 'broken', error: `cannot fold ${failing!.id}` }]);
    expect(broken.rows()).toEqual([next!.id]);
    expect(healthy.rows()).toEqual([failing!.id, next!.id]);
    expect(running.report()).toMatchObject({ status: 'running', parked: 1 });
  });

  it('never skips an event for a read model that must not miss one: unhealthy until it goes through', async () => {
    const sessions = Object.assign(new EventLog('sessions'), { neverSkips: true });
    const running = runner([sessions], { retryDelaysMs: [1, 1] });
    await running.start();
    const [failing] = await append('post', 1, { failTimes: 6 });
    await until(() => sessions.calls.length >= 3);
    expect(running.healthy).toBe(false);
    expect(sessions.rows()).toEqual([]);

    await running.waitFor(failing!.position);
    expect(sessions.rows()).toEqual([failing!.id]);
    expect(running.parked()).toEqual([]);
    expect(running.healthy).toBe(true);
  });

  it('lists parked events in its database by default, logging each at error level', async () => {
    const lines: string[] = [];
    const log = new EventLog('log');
    const running = new ProjectionRunner(
      store,
      createLogger('error', {}, (line) => lines.push(line)),
      { database: join(dir, 'read.db'), retryDelaysMs: [1] },
    );
    running.register([log]);
    runners.push(running);
    await running.start();
    const [failing] = await append('post', 1, { failTimes: ALWAYS });
    await running.waitFor(failing!.position);

    expect(running.parked()).toEqual([
      expect.objectContaining({
        projection: 'log',
        eventId: failing!.id,
        position: failing!.position,
        error: `cannot fold ${failing!.id}`,
      }),
    ]);
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ level: 'error', eventId: failing!.id, reason: `cannot fold ${failing!.id}` }),
    );
  });

  it('says it is retrying, and which event fails, while it retries', async () => {
    const log = new EventLog('log');
    const running = runner([log], { retryDelaysMs: [60_000] });
    expect(running.report().status).toBe('starting');
    await running.start();
    expect(running.report().status).toBe('running');
    expect(running.healthy).toBe(true);

    const [failing] = await append('post', 1, { failTimes: ALWAYS });
    await until(() => running.report().status === 'retrying');
    expect(running.report().detail).toContain(`log failed on event ${failing!.id}`);
    expect(running.healthy).toBe(false);
  });

  it('is dead when it cannot park an event, and says why', async () => {
    const log = new EventLog('log');
    const running = runner([log], {
      onPark: () => {
        throw new Error('the parking lot is full');
      },
    });
    await running.start();
    const [failing] = await append('post', 1, { failTimes: ALWAYS });
    await expect(running.waitFor(failing!.position)).rejects.toThrow(/read models are dead: .*parking lot is full/);
    expect(running.report()).toMatchObject({ status: 'dead', detail: expect.stringContaining('parking lot is full') });
  });

  it('rejects waitFor with a clear error when the read models stay behind longer than the bound', async () => {
    const log = new EventLog('log');
    const running = runner([log], { retryDelaysMs: [60_000], waitTimeoutMs: 50 });
    await running.start();
    const [failing] = await append('post', 1, { failTimes: ALWAYS });
    await expect(running.waitFor(failing!.position)).rejects.toThrow(
      new RegExp(`read models are behind: waited 0.05 s for position ${failing!.position}, at 0`),
    );
  });

  it('does not wait for events of categories no read model folds', async () => {
    const running = runner([new EventLog('log', ['post'])], { waitTimeoutMs: 50 });
    await running.start();
    const [comment] = await append('comment');
    await expect(running.waitFor(comment!.position)).resolves.toBeUndefined();
  });

  it('reads the store again from its last commit when a read fails, and applies each event once', async () => {
    const backlog = await append('post', 2);
    // The store as a broken connection leaves it: the first subscription fails on its first event.
    let broken = false;
    const flaky: EventStore = Object.assign(Object.create(store) as EventStore, {
      subscribeToAll: (...[options, handler, onError]: Parameters<EventStore['subscribeToAll']>) =>
        store.subscribeToAll(
          options,
          (recorded) => {
            if (!broken) {
              broken = true;
              throw new Error('connection reset');
            }
            return handler(recorded);
          },
          onError,
        ),
    });
    const log = new EventLog('log');
    const running = new ProjectionRunner(flaky, silentLogger, {
      database: join(dir, 'read.db'),
      resubscribeDelaysMs: [1],
    });
    running.register([log]);
    runners.push(running);
    await running.start();
    const [live] = await append('post');
    await running.waitFor(live!.position);

    expect(broken).toBe(true);
    expect(log.calls).toEqual([...backlog, live].map((recorded) => recorded!.id));
    expect(running.report().status).toBe('running');
  });

  it('reports stopped after a stop, and refuses to wait then', async () => {
    const running = runner([new EventLog('log')]);
    await running.start();
    await running.stop();
    expect(running.report().status).toBe('stopped');
    await expect(running.waitFor(1)).rejects.toThrow(/read models stopped/);
  });
});

async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries++) {
    if (tries > 500) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

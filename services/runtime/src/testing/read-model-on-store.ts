import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteEventStore } from '../event-store/sqlite.js';
import type { EventStore } from '../event-store/port.js';
import { silentLogger } from '../log/logger.js';
import { ProjectionRunner, type Projection } from '../projections/runner.js';

/** A read model on a real sqlite store in a folder of its own, as a service runs it. */
export interface ReadModelOnStore<Model extends Projection> {
  /** The read model now (a new instance after `restart`). */
  readonly model: Model;
  readonly store: EventStore;
  /** Appends one event and resolves once the read model has committed it. */
  record(streamId: string, event: { type: string; data: unknown }): Promise<void>;
  /** Stops the runner and starts a new one on the same files; `rebuild` deletes the read-model file first. */
  restart(options?: { rebuild?: boolean }): Promise<void>;
  close(): Promise<void>;
}

export async function readModelOnStore<Model extends Projection>(
  create: () => Model,
): Promise<ReadModelOnStore<Model>> {
  const dir = await mkdtemp(join(tmpdir(), 'read-model-'));
  const store = openSqliteEventStore({ file: join(dir, 'events.db') });
  const database = join(dir, 'events.read.db');
  const start = async () => {
    const runner = new ProjectionRunner(store, silentLogger, { database });
    const model = create();
    runner.register([model]);
    await runner.start();
    return { runner, model };
  };
  let running = await start();
  return {
    get model() {
      return running.model;
    },
    store,
    async record(streamId, event) {
      const metadata = {
        tenantId: null,
        correlationId: 'test',
        causationId: null,
        occurredAt: new Date().toISOString(),
      };
      const { position } = await store.appendToStream(
        streamId,
        [{ id: randomUUID(), type: event.type, data: event.data, version: 1, metadata }],
        { expectedRevision: 'any' },
      );
      await running.runner.waitFor(position);
    },
    async restart({ rebuild = false } = {}) {
      await running.runner.stop();
      if (rebuild) for (const file of [database, `${database}-wal`, `${database}-shm`]) await rm(file, { force: true });
      running = await start();
    },
    async close() {
      await running.runner.stop();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

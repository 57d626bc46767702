import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'graphql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent } from '@brandloom/proto-events';
import { createIntegrationEventRegistry, subjectFor } from '@brandloom/proto-events';
import { readinessOf } from '../background/work.js';
import { openSqliteBus, type SqliteBus } from '../bus/sqlite.js';
import type { EventStore, RecordedEvent } from '../event-store/port.js';
import { openSqliteEventStore } from '../event-store/sqlite.js';
import { silentLogger } from '../log/logger.js';
import { encodeEnvelope, envelopeOf } from '../messaging/outbox-relay.js';
import { ProjectionRunner } from '../projections/runner.js';
import { startService, type RunningService, type ServiceInfrastructure, type ServiceModule } from './service.js';

/** A published event of the test's own context. */
const NotesNoted = defineEvent('notes.Noted', z.unknown());

const FAST = { firstDelayMs: 5, maxDelayMs: 20, giveUpAfterMs: 60_000 };

async function appendNote(store: EventStore, text: string): Promise<void> {
  const id = randomUUID();
  await store.appendToStream(
    `note-${id}`,
    [
      {
        id,
        type: 'test.Noted',
        version: 1,
        data: { text },
        metadata: { tenantId: null, correlationId: 'c', causationId: null, occurredAt: new Date().toISOString() },
      },
    ],
    { expectedRevision: 'no_stream' },
  );
}

describe('a started service', () => {
  let dir: string;
  let store: EventStore;
  let bus: SqliteBus;
  let running: RunningService | undefined;
  const order: string[] = [];
  let reactionBroken = false;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'service-'));
    store = openSqliteEventStore({ file: join(dir, 'notes.db') });
    bus = openSqliteBus({ file: ':memory:' });
    running = undefined;
    order.length = 0;
    reactionBroken = false;
  });
  afterEach(async () => {
    await running?.stop();
    await bus.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const ready = () => readinessOf(running?.parts() ?? []).ready;

  const infrastructure = (): ServiceInfrastructure => ({
    store,
    bus,
    registry: createIntegrationEventRegistry(),
    logger: silentLogger,
    now: () => new Date(),
    readModels: new ProjectionRunner(store, silentLogger, { name: 'notes/read-models' }),
    retry: { reactions: FAST, inbox: FAST, publish: FAST },
    parkingPollIntervalMs: 20,
  });

  const notes: ServiceModule = {
    name: 'notes',
    subgraph: {
      name: 'notes',
      typeDefs: parse('type Query { ping: String }'),
      resolvers: { Query: { ping: () => 'pong' } },
    },
    projections: [
      {
        name: 'notes',
        version: 1,
        categories: ['note'],
        tables: [],
        attach: () => undefined,
        apply: (event: RecordedEvent) => void order.push(`read-model:${event.type}`),
      },
    ],
    onStart: async () => void order.push('on-start'),
    reactions: [
      {
        name: 'note-reaction',
        categories: ['note'],
        handles: () => true,
        async react() {
          if (reactionBroken) throw new Error('reaction broken');
          order.push('reaction');
        },
      },
    ],
    consumes: ['events.identity.>'],
    toIntegrationEvent: (event) => (event.type === 'test.Noted' ? envelopeOf(event, NotesNoted, event.data) : null),
  };

  it('rebuilds its read models before the start hook and the reactions, then reports every part running', async () => {
    await appendNote(store, 'before start');
    running = await startService(notes, infrastructure());
    await expect.poll(() => order).toEqual(['read-model:test.Noted', 'on-start', 'reaction']);
    await expect
      .poll(() => running?.parts())
      .toEqual([
        { name: 'notes/read-models', status: 'running', parked: 0 },
        { name: 'notes/reactions', status: 'running', parked: 0 },
        { name: 'notes/inbox', status: 'running', parked: 0 },
        { name: 'notes/outbox', status: 'running', parked: 0 },
      ]);
    expect(ready()).toBe(true);
    expect((await running!.server.executeOperation({ query: '{ ping }' })).body).toMatchObject({
      singleResult: { data: { ping: 'pong' } },
    });
  });

  it('is not ready while a reaction keeps failing, and says which part and why', async () => {
    running = await startService(notes, infrastructure());
    reactionBroken = true;
    await appendNote(store, 'fails');
    await expect.poll(() => ready()).toBe(false);
    const readiness = readinessOf(running.parts());
    expect(readiness.ready).toBe(false);
    expect(readiness.parts.find((part) => part.status !== 'running')).toMatchObject({
      name: 'notes/reactions',
      status: 'retrying',
      detail: expect.stringMatching(/note-reaction failed .* reaction broken/),
    });
    reactionBroken = false;
    await expect.poll(() => ready()).toBe(true);
  });

  it('takes in foreign events from the bus and parks one it does not know', async () => {
    running = await startService(notes, infrastructure());
    const unknown = {
      ...envelopeOf(
        {
          id: randomUUID(),
          streamId: 'x-1',
          revision: 0,
          position: 1,
          type: 'identity.Future',
          version: 1,
          data: {},
          metadata: { tenantId: null, correlationId: 'c', causationId: null, occurredAt: new Date().toISOString() },
        },
        defineEvent('identity.Future', z.object({})),
        {},
      ),
    };
    await bus.publish(subjectFor(unknown.type), encodeEnvelope(unknown), { msgId: unknown.id });
    await expect.poll(() => running?.parts().find((part) => part.name === 'notes/inbox')?.parked).toBe(1);
    expect(ready()).toBe(true);
    const [item] = await running.parking.list();
    expect(item?.reason).toMatch(/newer than this service knows/);
  });

  it('reports every part stopped after stop', async () => {
    running = await startService(notes, infrastructure());
    const stopped = running;
    await stopped.stop();
    running = undefined;
    expect(
      stopped
        .parts()
        .slice(1)
        .map((part) => part.status),
    ).toEqual(['stopped', 'stopped', 'stopped']);
  });
});

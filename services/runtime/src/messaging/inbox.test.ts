import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createIntegrationEventRegistry,
  defineContext,
  defineEvent,
  EventRegistry,
  UserRegistered,
  type EventDefinition,
} from '@brandloom/proto-events';
import type { Bus } from '../bus/port.js';
import { openSqliteBus, type SqliteBus } from '../bus/sqlite.js';
import { openSqliteEventStore } from '../event-store/sqlite.js';
import type { EventStore } from '../event-store/port.js';
import { silentLogger } from '../log/logger.js';
import { ParkingLot } from '../parking/parking-lot.js';
import { encodeEnvelope } from './outbox-relay.js';
import { INBOX_CATEGORY, startInbox, type Inbox } from './inbox.js';

function registration(version = 1) {
  const userId = randomUUID();
  return {
    id: randomUUID(),
    type: 'identity.UserRegistered',
    version,
    streamId: `user-${userId}`,
    revision: 0,
    position: 1,
    occurredAt: '2026-11-25T10:00:00.000Z',
    tenantId: userId,
    correlationId: 'req-1',
    causationId: null,
    data: {
      userId,
      email: 'ana@shop.test',
      firstName: 'Ana',
      lastName: 'Silva',
      registeredAt: '2026-11-25T10:00:00.000Z',
    },
  };
}

/** Fails every append while `down` is true, as a store outage would. */
function withOutage(store: EventStore) {
  const state = { down: false };
  const flaky: EventStore = Object.create(store) as EventStore;
  flaky.appendToStream = async (...args) => {
    if (state.down) throw new Error('store unavailable');
    return store.appendToStream(...args);
  };
  return { flaky, state };
}

const FAST = { firstDelayMs: 5, maxDelayMs: 20, giveUpAfterMs: 100 };

describe('an inbox', () => {
  let dir: string;
  let store: EventStore;
  let bus: SqliteBus;
  let parking: ParkingLot;
  let inbox: Inbox | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'inbox-'));
    store = openSqliteEventStore({ file: join(dir, 'billing.db') });
    bus = openSqliteBus({ file: join(dir, 'bus.db') });
    parking = new ParkingLot(store, silentLogger, { pollIntervalMs: 20 });
    inbox = undefined;
  });
  afterEach(async () => {
    await parking.stop();
    await inbox?.stop();
    await bus.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const start = async (
    on: EventStore = store,
    retry = FAST,
    registry: EventRegistry<EventDefinition> = createIntegrationEventRegistry(),
  ) => {
    inbox = await startInbox({
      store: on,
      bus,
      registry,
      durable: 'billing-inbox',
      subjects: ['events.identity.>'],
      logger: silentLogger,
      parking,
      name: 'billing/inbox',
      retry,
    });
    parking.start();
    return inbox;
  };
  const publish = (body: Uint8Array, msgId: string) => bus.publish('events.identity.UserRegistered', body, { msgId });
  const copies = () => store.readAll({ categories: [INBOX_CATEGORY] });

  it('copies a foreign event into a stream of its own, upcast to the latest version', async () => {
    await start();
    const envelope = registration();
    await publish(encodeEnvelope(envelope), envelope.id);
    await expect.poll(copies).toHaveLength(1);
    const [copy] = await copies();
    expect(copy).toMatchObject({
      streamId: `inbox-${envelope.id}`,
      id: envelope.id,
      type: 'identity.UserRegistered',
      version: 2,
      data: { ...envelope.data, isAdmin: false },
    });
  });

  it('keeps one copy when the same event arrives again after the bus forgot its id', async () => {
    await start();
    const envelope = registration();
    await publish(encodeEnvelope(envelope), envelope.id);
    await publish(encodeEnvelope(envelope), `${envelope.id}-again`);
    const next = registration();
    await publish(encodeEnvelope(next), next.id);
    await expect.poll(async () => (await copies()).map((event) => event.id)).toEqual([envelope.id, next.id]);
  });

  it('parks a message that is not a valid event, with the reason, and goes on', async () => {
    await start();
    await publish(new TextEncoder().encode('{"not":"an event"}'), 'junk');
    const envelope = registration();
    await publish(encodeEnvelope(envelope), envelope.id);
    await expect.poll(async () => (await copies()).map((event) => event.id)).toEqual([envelope.id]);
    const parked = await parking.list();
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({
      worker: 'billing/inbox',
      status: 'parked',
      subject: { kind: 'message', msgId: 'junk', body: '{"not":"an event"}' },
    });
    expect(parked[0]?.reason).toMatch(/invalid event/);
    expect(inbox?.report()).toMatchObject({ status: 'running', parked: 1 });
  });

  it('parks an event of a version newer than it knows, and takes it in once replayed after an upgrade', async () => {
    await start(store, FAST);
    const newer = registration(3);
    await publish(encodeEnvelope(newer), newer.id);
    await expect.poll(() => parking.list()).toHaveLength(1);
    const [item] = await parking.list();
    expect(item?.reason).toMatch(/newer than this service knows; replay after upgrading/);
    expect(await copies()).toEqual([]);

    // The upgrade: a new release of this service knows v3.
    await inbox?.stop();
    const v3 = defineEvent('identity.UserRegistered', z.object({ userId: z.string() }).loose(), [
      ...UserRegistered.olderVersions,
      { schema: UserRegistered.schema, upcast: (data: unknown) => data },
    ]);
    await start(store, FAST, new EventRegistry([defineContext('identity', [v3])]));
    await parking.requestReplay(item!.id);
    await expect.poll(copies).toHaveLength(1);
    expect((await copies())[0]).toMatchObject({ id: newer.id, version: 3 });
  });

  it('retries a store outage with backoff instead of giving up after a few tries', async () => {
    const { flaky, state } = withOutage(store);
    state.down = true;
    await start(flaky, { firstDelayMs: 5, maxDelayMs: 20, giveUpAfterMs: 60_000 });
    const envelope = registration();
    await publish(encodeEnvelope(envelope), envelope.id);
    await expect.poll(() => inbox?.report().status).toBe('retrying');
    expect(inbox?.report().detail).toMatch(/store unavailable/);
    // Far more than the old ten deliveries.
    await new Promise((resolve) => setTimeout(resolve, 500));
    state.down = false;
    await expect.poll(copies).toHaveLength(1);
    await expect.poll(() => inbox?.report().status).toBe('running');
    expect(await parking.list()).toEqual([]);
  });

  it('parks a message after retrying for the whole policy, and a replay takes it in', async () => {
    const { flaky, state } = withOutage(store);
    state.down = true;
    await start(flaky);
    const envelope = registration();
    await publish(encodeEnvelope(envelope), envelope.id);
    // The store comes back only for parking: the append itself keeps failing.
    const parkOnly = store.appendToStream.bind(store);
    flaky.appendToStream = async (streamId, ...rest) => {
      if (streamId.startsWith('inbox-') && state.down) throw new Error('store unavailable');
      return parkOnly(streamId, ...rest);
    };
    await expect.poll(() => parking.list()).toHaveLength(1);
    const [item] = await parking.list();
    expect(item?.reason).toMatch(/store unavailable/);
    expect(item?.attempts).toBeGreaterThan(1);

    state.down = false;
    await parking.requestReplay(item!.id);
    await expect.poll(copies).toHaveLength(1);
    await expect.poll(async () => (await parking.list())[0]?.status).toBe('replayed');
    expect(inbox?.report().parked).toBe(0);
  });

  it('reports a bus consumer that stopped on its own, and consumes again', async () => {
    let lose = true;
    const losing: Bus = {
      publish: (...args) => bus.publish(...args),
      close: async () => {},
      consume: async (options, handler) => {
        const real = await bus.consume(options, handler);
        if (!lose) return real;
        lose = false;
        // The bus loses this consumer a moment after it starts.
        const failed = new Promise<unknown>((resolve) =>
          setTimeout(() => void real.stop().then(() => resolve(new Error('consumer deleted'))), 20),
        );
        return { failed, stop: () => real.stop() };
      },
    };
    inbox = await startInbox({
      store,
      bus: losing,
      registry: createIntegrationEventRegistry(),
      durable: 'billing-inbox',
      subjects: ['events.identity.>'],
      logger: silentLogger,
      parking,
      name: 'billing/inbox',
      retry: FAST,
    });
    await expect.poll(() => inbox?.report().detail).toMatch(/the bus consumer stopped \(Error: consumer deleted\)/);
    expect(inbox.report().status).toBe('retrying');
    const envelope = registration();
    await publish(encodeEnvelope(envelope), envelope.id);
    await expect.poll(copies, { timeout: 5000 }).toHaveLength(1);
    expect(inbox.report().status).toBe('running');
  });
});

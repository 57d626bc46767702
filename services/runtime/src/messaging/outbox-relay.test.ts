import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent } from '@brandloom/proto-events';
import type { Bus } from '../bus/port.js';
import { openSqliteBus, type SqliteBus } from '../bus/sqlite.js';
import type { EventStore, RecordedEvent } from '../event-store/port.js';
import { openSqliteEventStore } from '../event-store/sqlite.js';
import { silentLogger } from '../log/logger.js';
import { ParkingLot } from '../parking/parking-lot.js';
import { envelopeOf, OutboxRelay } from './outbox-relay.js';

/** A published event of the test's own context. */
const NotesNoted = defineEvent('notes.Noted', z.unknown());

async function append(store: EventStore, type: string, text: string): Promise<string> {
  const id = randomUUID();
  await store.appendToStream(
    `note-${id}`,
    [
      {
        id,
        type,
        version: 1,
        data: { text },
        metadata: { tenantId: null, correlationId: 'c', causationId: null, occurredAt: new Date().toISOString() },
      },
    ],
    { expectedRevision: 'no_stream' },
  );
  return id;
}

/** Publishes `test.Noted` as `notes.Noted`; keeps `test.Internal` inside. */
const publishNotes = (event: RecordedEvent) =>
  event.type === 'test.Noted' ? envelopeOf(event, NotesNoted, event.data) : null;

describe('the outbox relay', () => {
  let dir: string;
  let store: EventStore;
  let bus: SqliteBus;
  let parking: ParkingLot;
  let relay: OutboxRelay | undefined;
  const received: string[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    store = openSqliteEventStore({ file: join(dir, 'service.db') });
    bus = openSqliteBus({ file: ':memory:' });
    parking = new ParkingLot(store, silentLogger, { pollIntervalMs: 20 });
    relay = undefined;
    received.length = 0;
    await bus.consume({ durable: 'listener', subjects: ['events.notes.>'] }, async (message) => {
      received.push((JSON.parse(new TextDecoder().decode(message.data)) as { data: { text: string } }).data.text);
      await message.ack();
    });
  });
  afterEach(async () => {
    await parking.stop();
    await relay?.stop();
    await bus.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const start = async (options: { on?: Bus; toIntegrationEvent?: typeof publishNotes } = {}) => {
    relay = await OutboxRelay.start({
      store,
      bus: options.on ?? bus,
      logger: silentLogger,
      parking,
      name: 'test/outbox',
      toIntegrationEvent: options.toIntegrationEvent ?? publishNotes,
      retry: { firstDelayMs: 5, maxDelayMs: 20, giveUpAfterMs: Infinity },
    });
    parking.start();
    return relay;
  };

  it('publishes integration events in order, keeps internal ones in, and resumes from its checkpoint', async () => {
    await append(store, 'test.Noted', 'one');
    await append(store, 'test.Internal', 'secret');
    await start();
    await append(store, 'test.Noted', 'two');
    await expect.poll(() => received).toEqual(['one', 'two']);
    expect(relay?.report()).toEqual({ name: 'test/outbox', status: 'running', parked: 0 });
    await relay?.stop();
    const checkpoint = await store.getCheckpoint('outbox');
    expect(checkpoint).toBe(3);

    await append(store, 'test.Noted', 'three');
    await start();
    await expect.poll(() => received).toEqual(['one', 'two', 'three']);
  });

  it('retries while the bus is down, saying so, and publishes once it is back', async () => {
    let down = true;
    const flaky: Bus = {
      publish: async (...args) => {
        if (down) throw new Error('bus unreachable');
        return bus.publish(...args);
      },
      consume: (...args) => bus.consume(...args),
      close: async () => {},
    };
    await start({ on: flaky });
    await append(store, 'test.Noted', 'one');
    await expect.poll(() => relay?.report().status).toBe('retrying');
    expect(relay?.report().detail).toMatch(/cannot publish event .* bus unreachable/);
    expect(await store.getCheckpoint('outbox')).toBeNull();
    down = false;
    await expect.poll(() => received).toEqual(['one']);
    await expect.poll(() => relay?.report().status).toBe('running');
  });

  it('parks an event it cannot turn into an integration event, goes on, and publishes it when replayed', async () => {
    let broken = true;
    await start({
      toIntegrationEvent: (event) => {
        if (broken && (event.data as { text: string }).text === 'odd') throw new Error('no mapping for odd');
        return publishNotes(event);
      },
    });
    const oddId = await append(store, 'test.Noted', 'odd');
    await append(store, 'test.Noted', 'next');
    await expect.poll(() => received).toEqual(['next']);
    const [item] = await parking.list();
    expect(item).toMatchObject({ worker: 'test/outbox', subject: { kind: 'event', eventId: oddId } });
    expect(item?.reason).toMatch(/no mapping for odd/);
    expect(relay?.report().parked).toBe(1);

    broken = false;
    await parking.requestReplay(item!.id);
    await expect.poll(() => received).toEqual(['next', 'odd']);
    await expect.poll(() => relay?.report().parked).toBe(0);
  });
});

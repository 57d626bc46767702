import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegrationEventRegistry } from '@brandloom/proto-events';
import {
  connectNatsBus,
  openSqliteEventStore,
  ParkingLot,
  silentLogger,
  startInbox,
  type EventStore,
} from '@brandloom/runtime';
import { findNatsServerBinary, startNatsServer } from '@brandloom/runtime/testing';
import { startNode, waitUntil } from '../support/processes.js';

const natsBinary = findNatsServerBinary();
if (!natsBinary) console.warn('Outbox crash test skipped: nats-server is not installed (apt-get install nats-server).');

const relayScript = join(import.meta.dirname, 'relay-process.mjs');

function registration(userId: string) {
  return {
    id: randomUUID(),
    type: 'identity.UserRegistered',
    version: 2,
    data: {
      userId,
      email: `${userId.slice(0, 8)}@shop.test`,
      firstName: 'Ana',
      lastName: 'Silva',
      isAdmin: false,
      registeredAt: new Date().toISOString(),
    },
    metadata: {
      tenantId: userId,
      correlationId: 'crash-test',
      causationId: null,
      occurredAt: new Date().toISOString(),
    },
  };
}

async function appendRegistration(file: string): Promise<{ id: string; position: number }> {
  const store = openSqliteEventStore({ file });
  const userId = randomUUID();
  const event = registration(userId);
  const { position } = await store.appendToStream(`user-${userId}`, [event], { expectedRevision: 'no_stream' });
  await store.close();
  return { id: event.id, position };
}

describe.skipIf(!natsBinary)('the outbox relay, killed with SIGKILL', () => {
  let nats: Awaited<ReturnType<typeof startNatsServer>>;
  let dir: string;
  beforeAll(async () => {
    nats = await startNatsServer();
    dir = await mkdtemp(join(tmpdir(), 'brandloom-outbox-'));
  });
  afterAll(async () => {
    await nats?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('delivers every appended event exactly once to the consumer inbox', async () => {
    const producerFile = join(dir, 'identity.db');

    // 1. An event is appended while no relay runs (the relay died between append and publish).
    const first = await appendRegistration(producerFile);

    // 2. A relay starts, publishes it, and is killed before it can move its checkpoint.
    const crashing = startNode(relayScript, [producerFile, nats.url, '--crash-after-publish'], {}, dir);
    await crashing.exited;
    expect(crashing.child.signalCode).toBe('SIGKILL');
    const producer = openSqliteEventStore({ file: producerFile });
    expect(await producer.getCheckpoint('outbox')).toBeNull();
    await producer.close();

    // 3. Another event is appended while the relay is dead.
    const second = await appendRegistration(producerFile);

    // 4. The relay restarts from its checkpoint: it publishes the first event again (dropped as a
    //    duplicate) and the second one.
    const relay = startNode(relayScript, [producerFile, nats.url], {}, dir);
    await waitUntil(async () => relay.output().includes('caught-up'), 'the restarted relay');
    const checkpointStore = openSqliteEventStore({ file: producerFile });
    await waitUntil(async () => (await checkpointStore.getCheckpoint('outbox')) === second.position, 'the checkpoint');
    await checkpointStore.close();
    relay.child.kill('SIGTERM');
    await relay.exited;

    // 5. A consumer's inbox holds each event once.
    const consumerStore: EventStore = openSqliteEventStore({ file: join(dir, 'billing.db') });
    const bus = await connectNatsBus({ servers: nats.url, name: 'consumer' });
    const inbox = await startInbox({
      store: consumerStore,
      bus,
      registry: createIntegrationEventRegistry(),
      durable: 'billing-inbox',
      subjects: ['events.identity.>'],
      logger: silentLogger,
      parking: new ParkingLot(consumerStore, silentLogger),
      name: 'billing/inbox',
    });
    const inboxCopies = () => consumerStore.readAll({ categories: ['inbox'] });
    await waitUntil(async () => (await inboxCopies()).length >= 2, 'the inbox');
    await new Promise((resolve) => setTimeout(resolve, 500)); // room for a duplicate to show up
    const received = (await inboxCopies()).map((event) => event.id);
    await inbox.stop();
    await bus.close();
    await consumerStore.close();
    expect(received).toEqual([first.id, second.id]);
  });
});

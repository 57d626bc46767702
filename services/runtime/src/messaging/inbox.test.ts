import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIntegrationEventRegistry } from '@brandloom/proto-events';
import { MemoryBus } from '../bus/memory.js';
import { openSqliteEventStore } from '../event-store/sqlite.js';
import type { EventStore } from '../event-store/port.js';
import { silentLogger } from '../log/logger.js';
import { encodeEnvelope } from './outbox-relay.js';
import { startInbox } from './inbox.js';

const userId = randomUUID();
const envelope = {
  id: randomUUID(),
  type: 'identity.UserRegistered',
  version: 1,
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

describe('an inbox', () => {
  let dir: string;
  let store: EventStore;
  let bus: MemoryBus;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'inbox-'));
    store = openSqliteEventStore({ file: join(dir, 'billing.db') });
    bus = new MemoryBus();
  });
  afterEach(async () => {
    await bus.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const start = () =>
    startInbox({
      store,
      bus,
      registry: createIntegrationEventRegistry(),
      durable: 'billing-inbox',
      subjects: ['events.identity.>'],
      logger: silentLogger,
    });
  const inboxEvents = () => store.readStream('inbox-identity');
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

  it('copies a foreign event into its own store, upcast to the latest version', async () => {
    await start();
    await bus.publish('events.identity.UserRegistered', encodeEnvelope(envelope), { msgId: envelope.id });
    await settle();
    const [copy] = await inboxEvents();
    expect(copy).toMatchObject({
      id: envelope.id,
      type: 'identity.UserRegistered',
      version: 2,
      data: { ...envelope.data, isAdmin: false },
    });
  });

  it('keeps one copy when the same event arrives again after the bus forgot its id', async () => {
    await start();
    await bus.publish('events.identity.UserRegistered', encodeEnvelope(envelope), { msgId: envelope.id });
    await bus.publish('events.identity.UserRegistered', encodeEnvelope(envelope), { msgId: `${envelope.id}-again` });
    await settle();
    expect(await inboxEvents()).toHaveLength(1);
  });

  it('drops a message that is not a valid event instead of retrying it forever', async () => {
    await start();
    await bus.publish('events.identity.UserRegistered', new TextEncoder().encode('{"not":"an event"}'), {
      msgId: 'junk',
    });
    await bus.publish('events.identity.UserRegistered', encodeEnvelope(envelope), { msgId: envelope.id });
    await settle();
    expect((await inboxEvents()).map((event) => event.id)).toEqual([envelope.id]);
  });
});

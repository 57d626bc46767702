import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { busContract } from './contract.js';
import type { Bus, BusMessage } from './port.js';
import { openSqliteBus, type GivenUpMessage } from './sqlite.js';

busContract(
  'sqlite (in memory)',
  async () => {
    const bus = openSqliteBus({ file: ':memory:' });
    return { bus, cleanup: () => bus.close() };
  },
  { connections: false },
);

busContract('sqlite (file)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sqlite-bus-'));
  const file = join(dir, 'bus.db');
  const buses: Bus[] = [openSqliteBus({ file, pollIntervalMs: 20 })];
  const reopen = async () => {
    const bus = openSqliteBus({ file, pollIntervalMs: 20 });
    buses.push(bus);
    return bus;
  };
  const cleanup = async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await rm(dir, { recursive: true, force: true });
  };
  return { bus: buses[0]!, reopen, cleanup };
});

describe('the sqlite bus', () => {
  const data = (text: string) => new TextEncoder().encode(text);
  const text = (message: BusMessage) => new TextDecoder().decode(message.data);
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sqlite-bus-'));
    file = join(dir, 'bus.db');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps messages, ids and consumer progress in its file, across a reopen', async () => {
    const first = openSqliteBus({ file });
    const seen: string[] = [];
    const consumer = await first.consume({ durable: 'kept', subjects: ['events.test.>'] }, async (message) => {
      seen.push(text(message));
      await message.ack();
    });
    await first.publish('events.test.Created', data('one'), { msgId: 'one' });
    await expect.poll(() => seen).toEqual(['one']);
    await consumer.stop();
    await first.publish('events.test.Created', data('two'), { msgId: 'two' });
    await first.close();

    const second = openSqliteBus({ file });
    expect(await second.publish('events.test.Created', data('one again'), { msgId: 'one' })).toEqual({
      duplicate: true,
    });
    const after: string[] = [];
    await second.consume({ durable: 'kept', subjects: ['events.test.>'] }, async (message) => {
      after.push(text(message));
      await message.ack();
    });
    await expect.poll(() => after).toEqual(['two']);
    await second.close();
  });

  it('reports a message it gives up on', async () => {
    const givenUp: GivenUpMessage[] = [];
    const bus = openSqliteBus({ file, onGiveUp: (message) => givenUp.push(message) });
    await bus.consume({ durable: 'poisoned', subjects: ['events.test.>'], maxDeliver: 2 }, async (m) => m.nak());
    await bus.publish('events.test.Created', data('{}'), { msgId: 'poison' });

    await expect
      .poll(() => givenUp)
      .toEqual([{ durable: 'poisoned', subject: 'events.test.Created', msgId: 'poison', deliveryCount: 2 }]);
    await bus.close();
  });

  it('never gives up when maxDeliver is unbounded', async () => {
    const givenUp: GivenUpMessage[] = [];
    const bus = openSqliteBus({ file, onGiveUp: (message) => givenUp.push(message) });
    const counts: number[] = [];
    await bus.consume({ durable: 'patient', subjects: ['events.test.>'], maxDeliver: Infinity }, async (message) => {
      counts.push(message.deliveryCount);
      if (message.deliveryCount < 15) message.nak();
      else await message.ack();
    });
    await bus.publish('events.test.Created', data('{}'), { msgId: 'slow' });
    await expect.poll(() => counts.length).toBe(15);
    expect(givenUp).toEqual([]);
    await bus.close();
  });

  it('refuses a second live consumer on the same durable', async () => {
    const bus = openSqliteBus({ file });
    const options = { durable: 'only-one', subjects: ['events.test.>'] };
    await bus.consume(options, async () => {});
    await expect(bus.consume(options, async () => {})).rejects.toThrow(/already has an active/);
    await bus.close();
  });

  it('refuses a subject filter outside the events stream', async () => {
    const bus = openSqliteBus({ file });
    await expect(bus.consume({ durable: 'outside', subjects: ['other.>'] }, async () => {})).rejects.toThrow(/outside/);
    await bus.close();
  });
});

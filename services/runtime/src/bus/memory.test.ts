import { describe, expect, it } from 'vitest';
import { busContract } from './contract.js';
import { MemoryBus, type GivenUpMessage } from './memory.js';

busContract(
  'the in-memory bus',
  async () => {
    const bus = new MemoryBus();
    return { bus, cleanup: () => bus.close() };
  },
  { connections: false },
);

describe('the in-memory bus', () => {
  const data = new TextEncoder().encode('{}');

  it('accepts a message id again once the duplicate window has passed', async () => {
    const bus = new MemoryBus({ duplicateWindowMs: 50 });
    expect(await bus.publish('events.test.Created', data, { msgId: 'id' })).toEqual({
      duplicate: false,
    });
    expect(await bus.publish('events.test.Created', data, { msgId: 'id' })).toEqual({
      duplicate: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await bus.publish('events.test.Created', data, { msgId: 'id' })).toEqual({
      duplicate: false,
    });
    await bus.close();
  });

  it('reports a message it gives up on', async () => {
    const givenUp: GivenUpMessage[] = [];
    const bus = new MemoryBus({ onGiveUp: (message) => givenUp.push(message) });
    await bus.consume({ durable: 'poisoned', subjects: ['events.test.>'], maxDeliver: 2 }, async (m) => m.nak());
    await bus.publish('events.test.Created', data, { msgId: 'poison' });

    await expect
      .poll(() => givenUp)
      .toEqual([{ durable: 'poisoned', subject: 'events.test.Created', msgId: 'poison', deliveryCount: 2 }]);
    await bus.close();
  });

  it('refuses a second live consumer on the same durable', async () => {
    const bus = new MemoryBus();
    const options = { durable: 'only-one', subjects: ['events.test.>'] };
    await bus.consume(options, async () => {});
    await expect(bus.consume(options, async () => {})).rejects.toThrow(/already has an active/);
    await bus.close();
  });

  it('refuses a subject filter outside the events stream', async () => {
    const bus = new MemoryBus();
    await expect(bus.consume({ durable: 'outside', subjects: ['other.>'] }, async () => {})).rejects.toThrow(/outside/);
    await bus.close();
  });
});

/**
 * The behaviour every Bus adapter must show, as a vitest suite. Each adapter's test file runs it
 * against its own implementation.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bus, BusMessage, ConsumerOptions } from './port.js';

export interface OpenedBus {
  bus: Bus;
  /** A new connection to the same underlying bus, when the adapter has connections. */
  reopen?: () => Promise<Bus>;
  /** Closes everything `open` and `reopen` created. */
  cleanup: () => Promise<void>;
}

/** Short enough to keep the suite fast, long enough that a busy machine does not lapse it. */
const ACK_WAIT_MS = 500;
const WAIT_TIMEOUT_MS = 5_000;

/**
 * `options.connections`: whether the adapter has separate connections to a server; an in-process
 * bus has none, so the reconnection case does not apply to it (and says so in its name).
 */
export function busContract(
  name: string,
  open: () => Promise<OpenedBus>,
  options: { connections: boolean } = { connections: true },
): void {
  describe(`the ${name} bus`, () => {
    let opened: OpenedBus;
    let bus: Bus;
    /** Unique per test, so tests sharing a server (and its stream) never see each other. */
    let base: string;

    beforeEach(async () => {
      opened = await open();
      bus = opened.bus;
      base = `events.test${randomToken()}`;
    });

    afterEach(async () => {
      await opened.cleanup();
    });

    const publish = (subject: string, text: string, msgId = randomToken()) =>
      bus.publish(subject, new TextEncoder().encode(text), { msgId });

    const consume = (inbox: Inbox, options: Partial<ConsumerOptions> = {}, on: Bus = bus) =>
      on.consume(
        {
          durable: `d${randomToken()}`,
          subjects: [`${base}.>`],
          ackWaitMs: ACK_WAIT_MS,
          ...options,
        },
        inbox.handler,
      );

    /**
     * A durable consumer receives 'one' into `inbox` (which acks it, or not) and stops; the
     * durable name is returned so the test can resume it.
     */
    const handleOneThenStop = async (inbox: Inbox) => {
      const durable = `d${randomToken()}`;
      const consumer = await consume(inbox, { durable });
      await publish(`${base}.Created`, 'one');
      await inbox.texts(1);
      await consumer.stop();
      return durable;
    };

    describe('publishing', () => {
      it('delivers a message to a consumer whose filter matches and not to one whose does not', async () => {
        const matching = new Inbox();
        const other = new Inbox();
        await consume(matching, { subjects: [`${base}.a.Created`] });
        await consume(other, { subjects: [`${base}.b.Created`] });

        await publish(`${base}.a.Created`, 'for a');
        await publish(`${base}.b.Created`, 'for b');

        expect(await matching.texts(1)).toEqual(['for a']);
        expect(await other.texts(1)).toEqual(['for b']);
      });

      it('matches `*` to exactly one token and `>` to one or more', async () => {
        const oneToken = new Inbox();
        const rest = new Inbox();
        await consume(oneToken, { subjects: [`${base}.*.Created`] });
        await consume(rest, { subjects: [`${base}.a.>`] });

        // Each consumer's last expected message comes after the ones it must not get.
        await publish(`${base}.a.Created`, 'a.Created');
        await publish(`${base}.a.b.Created`, 'a.b.Created');
        await publish(`${base}.z.Created`, 'z.Created');
        await publish(`${base}.a.Deleted`, 'a.Deleted');
        await publish(`${base}.q.Created`, 'q.Created');

        expect(await oneToken.texts(3)).toEqual(['a.Created', 'z.Created', 'q.Created']);
        expect(await rest.texts(3)).toEqual(['a.Created', 'a.b.Created', 'a.Deleted']);
      });

      it('gives a consumer with several filters the messages of each, in publish order', async () => {
        const inbox = new Inbox();
        await consume(inbox, { subjects: [`${base}.x.>`, `${base}.y.One`] });

        await publish(`${base}.x.A`, 'x.A');
        await publish(`${base}.z.B`, 'z.B');
        await publish(`${base}.y.One`, 'y.One');
        await publish(`${base}.y.Two`, 'y.Two');
        await publish(`${base}.x.C`, 'x.C');

        expect(await inbox.texts(3)).toEqual(['x.A', 'y.One', 'x.C']);
      });

      it('drops a message whose id was already published and reports it as a duplicate', async () => {
        const inbox = new Inbox();
        await consume(inbox);

        const msgId = `dup${randomToken()}`;
        expect(await publish(`${base}.Created`, 'first', msgId)).toEqual({ duplicate: false });
        expect(await publish(`${base}.Created`, 'again', msgId)).toEqual({ duplicate: true });
        await publish(`${base}.Created`, 'next');

        expect(await inbox.texts(2)).toEqual(['first', 'next']);
        expect(inbox.received[0]?.msgId).toBe(msgId);
      });

      it('refuses a subject outside the events stream', async () => {
        await expect(publish(`elsewhere${randomToken()}.Created`, 'lost')).rejects.toThrow();
      });
    });

    describe('a durable consumer', () => {
      it('does not get an acknowledged message again after it restarts', async () => {
        const durable = await handleOneThenStop(new Inbox());
        await publish(`${base}.Created`, 'two');
        const after = new Inbox();
        await consume(after, { durable });

        expect(await after.texts(1)).toEqual(['two']);
        expect(after.received[0]?.deliveryCount).toBe(1);
      });

      it('gets an unacknowledged message again after it restarts', async () => {
        const durable = await handleOneThenStop(new Inbox(async () => {}));
        const after = new Inbox();
        await consume(after, { durable });

        expect(await after.texts(1)).toEqual(['one']);
        expect(after.received[0]?.deliveryCount).toBe(2);
      });

      const reconnection = 'keeps its progress across a new connection to the bus';
      if (!options.connections)
        console.warn(`Skipped for ${name}: "${reconnection}" (it has no connections to reopen)`);
      it.skipIf(!options.connections)(
        options.connections ? reconnection : `${reconnection} (skipped: ${name} has no connections to reopen)`,
        async () => {
          const reopen = opened.reopen;
          if (!reopen) throw new Error(`${name}: open() must return reopen for the reconnection case`);
          const durable = await handleOneThenStop(new Inbox());
          await publish(`${base}.Created`, 'two');

          const after = new Inbox();
          await consume(after, { durable }, await reopen());

          expect(await after.texts(1)).toEqual(['two']);
        },
      );

      it('gets every message, as does another durable consumer', async () => {
        const first = new Inbox();
        const second = new Inbox();
        await consume(first);
        await consume(second);

        await publish(`${base}.Created`, 'one');
        await publish(`${base}.Created`, 'two');

        expect(await first.texts(2)).toEqual(['one', 'two']);
        expect(await second.texts(2)).toEqual(['one', 'two']);
      });
    });

    describe('redelivery', () => {
      it('gets an unacknowledged message again after the ack wait', async () => {
        const inbox = new Inbox(async (message) => {
          if (message.deliveryCount > 1) await message.ack();
        });
        await consume(inbox);
        const publishedAt = Date.now();
        await publish(`${base}.Created`, 'one');

        expect(await inbox.texts(2)).toEqual(['one', 'one']);
        expect(inbox.received.map((message) => message.deliveryCount)).toEqual([1, 2]);
        expect(inbox.receivedAt[1]! - publishedAt).toBeGreaterThanOrEqual(ACK_WAIT_MS * 0.9);
      });

      it('delivers a message again at once after a nak', async () => {
        const inbox = new Inbox(async (message) => {
          if (message.deliveryCount === 1) message.nak();
          else await message.ack();
        });
        await consume(inbox, { ackWaitMs: 30_000 });
        await publish(`${base}.Created`, 'one');

        expect(await inbox.texts(2)).toEqual(['one', 'one']);
        expect(inbox.received[1]?.deliveryCount).toBe(2);
      });

      it('delivers a message again after the delay its nak asks for', async () => {
        const delayMs = 400;
        const inbox = new Inbox(async (message) => {
          if (message.deliveryCount === 1) message.nak(delayMs);
          else await message.ack();
        });
        await consume(inbox, { ackWaitMs: 30_000 });
        await publish(`${base}.Created`, 'one');

        await inbox.texts(2);
        const [firstAt = 0, secondAt = 0] = inbox.receivedAt;
        expect(secondAt - firstAt).toBeGreaterThanOrEqual(delayMs * 0.9);
      });

      it('treats a handler that throws as a nak', async () => {
        const inbox = new Inbox(async (message) => {
          if (message.deliveryCount === 1) throw new Error('handler failed');
          await message.ack();
        });
        await consume(inbox, { ackWaitMs: 30_000 });
        await publish(`${base}.Created`, 'one');

        expect(await inbox.texts(2)).toEqual(['one', 'one']);
      });

      it('never delivers a terminated message again', async () => {
        const inbox = new Inbox(async (message) => {
          if (text(message) === 'poison') message.term();
          else await message.ack();
        });
        await consume(inbox);
        await publish(`${base}.Created`, 'poison');
        await publish(`${base}.Created`, 'next');

        expect(await inbox.texts(2)).toEqual(['poison', 'next']);
        await sleep(ACK_WAIT_MS * 1.5);
        expect(inbox.received).toHaveLength(2);
      });

      it('gives a message up after maxDeliver deliveries and moves on', async () => {
        const inbox = new Inbox(async (message) => {
          if (text(message) === 'poison') message.nak();
          else await message.ack();
        });
        await consume(inbox, { maxDeliver: 3 });
        await publish(`${base}.Created`, 'poison');
        await publish(`${base}.Created`, 'next');

        expect(await inbox.texts(4)).toEqual(['poison', 'poison', 'poison', 'next']);
        await sleep(ACK_WAIT_MS * 1.5);
        expect(inbox.received).toHaveLength(4);
      });
    });

    describe('ordering', () => {
      it('delivers the messages of a subject in publish order', async () => {
        const inbox = new Inbox();
        await consume(inbox);
        const texts = Array.from({ length: 50 }, (_, index) => `message ${index}`);
        for (const body of texts) await publish(`${base}.Created`, body);

        expect(await inbox.texts(texts.length)).toEqual(texts);
      });

      it('keeps publish order when a message in the middle is redelivered', async () => {
        const inbox = new Inbox(async (message) => {
          const lapsesAckWait = text(message) === 'message 5' && message.deliveryCount === 1;
          if (!lapsesAckWait) await message.ack();
        });
        await consume(inbox);
        const texts = Array.from({ length: 10 }, (_, index) => `message ${index}`);
        for (const body of texts) await publish(`${base}.Created`, body);

        const expected = [...texts.slice(0, 6), 'message 5', ...texts.slice(6)];
        expect(await inbox.texts(expected.length)).toEqual(expected);
      });
    });
  });
}

/** Records what a consumer receives; settles each message with `settle` (ack by default). */
class Inbox {
  readonly received: BusMessage[] = [];
  readonly receivedAt: number[] = [];

  constructor(private readonly settle: (message: BusMessage) => Promise<void> = ack) {}

  readonly handler = async (message: BusMessage): Promise<void> => {
    this.received.push(message);
    this.receivedAt.push(Date.now());
    await this.settle(message);
  };

  /** The bodies received, once there are `count` of them (and failing on any extra). */
  async texts(count: number): Promise<string[]> {
    await vi.waitFor(() => expect(this.received.length).toBeGreaterThanOrEqual(count), {
      timeout: WAIT_TIMEOUT_MS,
      interval: 10,
    });
    return this.received.map(text);
  }
}

const ack = (message: BusMessage) => message.ack();

function text(message: BusMessage): string {
  return new TextDecoder().decode(message.data);
}

function randomToken(): string {
  return Math.random().toString(36).slice(2, 10);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

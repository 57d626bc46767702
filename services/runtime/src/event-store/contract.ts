import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  WrongExpectedRevisionError,
  type EventStore,
  type EventToAppend,
  type RecordedEvent,
  type Subscription,
} from './port.js';

export interface OpenedStore {
  store: EventStore;
  /** Closes `store` and opens the same data again, as a restarted service would. */
  reopen: () => Promise<EventStore>;
  /** Closes whichever store is open and releases what the factory created. */
  cleanup: () => Promise<void>;
}

/** Long enough for a live event to arrive if delivery had not stopped. */
const QUIET_PERIOD_MS = 200;
/** How long a live event may take to reach a subscriber (a server adds a network hop). */
const DELIVERY = { timeout: 5_000 };

/**
 * The behaviour every EventStore adapter promises. Each test works in streams of its own fresh
 * category, so the suite also runs against a server that other tests share.
 */
export function eventStoreContract(name: string, open: () => Promise<OpenedStore>): void {
  describe(name, () => {
    let opened: OpenedStore;
    let store: EventStore;
    let category: string;
    const subscriptions: Subscription[] = [];

    beforeEach(async () => {
      opened = await open();
      store = opened.store;
      category = `test${randomUUID().replaceAll('-', '')}`;
    });

    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()));
      await opened.cleanup();
    });

    const newStreamId = () => `${category}-${randomUUID()}`;

    const subscribe: EventStore['subscribeToAll'] = (options, handler, onError) => {
      const subscription = store.subscribeToAll(options, handler, onError);
      subscriptions.push(subscription);
      return subscription;
    };

    async function streamWith(count: number): Promise<{ streamId: string; events: RecordedEvent[] }> {
      const streamId = newStreamId();
      await store.appendToStream(streamId, newEvents(count), { expectedRevision: 'no_stream' });
      return { streamId, events: await store.readStream(streamId) };
    }

    describe('a stream that does not exist yet', () => {
      it('accepts an append that expects no stream and records the events as given', async () => {
        const streamId = newStreamId();
        const events = newEvents(2);

        const result = await store.appendToStream(streamId, events, {
          expectedRevision: 'no_stream',
        });

        const recorded = await store.readStream(streamId);
        expect(recorded).toEqual(
          events.map((event, revision) => ({
            ...event,
            streamId,
            revision,
            position: expect.any(Number),
          })),
        );
        expect(result).toEqual({ nextExpectedRevision: 1, position: recorded[1]?.position });
      });

      it('accepts an append that expects any revision', async () => {
        const streamId = newStreamId();

        const result = await store.appendToStream(streamId, newEvents(1), {
          expectedRevision: 'any',
        });

        expect(result.nextExpectedRevision).toBe(0);
      });

      it('rejects an append that expects the stream to exist', async () => {
        const streamId = newStreamId();

        await expectWrongRevision(
          store.appendToStream(streamId, newEvents(1), { expectedRevision: 'stream_exists' }),
          'no_stream',
        );
        expect(await store.readStream(streamId)).toEqual([]);
      });

      it('rejects an append that expects a revision', async () => {
        await expectWrongRevision(
          store.appendToStream(newStreamId(), newEvents(1), { expectedRevision: 0 }),
          'no_stream',
        );
      });

      it('reads as an empty list', async () => {
        expect(await store.readStream(newStreamId())).toEqual([]);
      });
    });

    describe('a stream with events', () => {
      it('rejects an append that expects no stream, reporting its last revision', async () => {
        const { streamId } = await streamWith(2);

        await expectWrongRevision(store.appendToStream(streamId, newEvents(1), { expectedRevision: 'no_stream' }), 1);
      });

      it('accepts an append that expects its last revision', async () => {
        const { streamId } = await streamWith(2);

        const result = await store.appendToStream(streamId, newEvents(1), {
          expectedRevision: 1,
        });

        expect(result.nextExpectedRevision).toBe(2);
      });

      it('rejects an append that expects a stale revision, recording nothing', async () => {
        const { streamId } = await streamWith(2);

        await expectWrongRevision(store.appendToStream(streamId, newEvents(1), { expectedRevision: 0 }), 1);
        expect(await store.readStream(streamId)).toHaveLength(2);
      });

      it('accepts an append that expects the stream to exist', async () => {
        const { streamId } = await streamWith(1);

        const result = await store.appendToStream(streamId, newEvents(1), {
          expectedRevision: 'stream_exists',
        });

        expect(result.nextExpectedRevision).toBe(1);
      });

      it('accepts an append that expects any revision', async () => {
        const { streamId } = await streamWith(1);

        const result = await store.appendToStream(streamId, newEvents(2), {
          expectedRevision: 'any',
        });

        expect(result.nextExpectedRevision).toBe(2);
      });

      it('reads from a given revision onwards', async () => {
        const { streamId, events } = await streamWith(4);

        const fromTwo = await store.readStream(streamId, { fromRevision: 2 });

        expect(fromTwo).toEqual(events.slice(2));
      });
    });

    describe('an append of events that are already recorded', () => {
      it('returns the original result and records nothing twice', async () => {
        const streamId = newStreamId();
        const events = newEvents(2);
        const original = await store.appendToStream(streamId, events, {
          expectedRevision: 'no_stream',
        });

        const repeated = await store.appendToStream(streamId, events, {
          expectedRevision: 'no_stream',
        });

        expect(repeated).toEqual(original);
        expect(await store.readStream(streamId)).toHaveLength(2);
      });

      it('is a no-op whatever revision it expects, even after the stream moved on', async () => {
        const streamId = newStreamId();
        const first = newEvents(2);
        const original = await store.appendToStream(streamId, first, {
          expectedRevision: 'no_stream',
        });
        await store.appendToStream(streamId, newEvents(1), { expectedRevision: 1 });

        for (const expectedRevision of ['any', 'stream_exists', 'no_stream', 0, 2] as const) {
          const repeated = await store.appendToStream(streamId, first, { expectedRevision });
          expect(repeated).toEqual(original);
        }

        const ids = (await store.readStream(streamId)).map((event) => event.id);
        const idsInAll = (await store.readAll({ categories: [category] })).map((event) => event.id);
        expect(idsInAll).toEqual(ids);
        expect(new Set(ids).size).toBe(3);
      });

      it('is a no-op when a redelivered cause expects the head, several appends later', async () => {
        const streamId = newStreamId();
        const batch = newEvents(2);
        const original = await store.appendToStream(streamId, batch, { expectedRevision: 'no_stream' });
        for (let revision = 1; revision <= 5; revision += 1) {
          await store.appendToStream(streamId, newEvents(1), { expectedRevision: revision });
        }

        const repeated = await store.appendToStream(streamId, batch, { expectedRevision: 6 });

        expect(repeated).toEqual(original);
        expect(await store.readStream(streamId)).toHaveLength(7);
      });
    });

    describe('an empty append', () => {
      it('checks the expectation and reports the stream as it stands', async () => {
        const { streamId, events } = await streamWith(2);

        const result = await store.appendToStream(streamId, [], { expectedRevision: 1 });

        expect(result).toEqual({ nextExpectedRevision: 1, position: events[1]?.position });
        await expectWrongRevision(store.appendToStream(streamId, [], { expectedRevision: 'no_stream' }), 1);
      });

      it('reports a missing stream as revision -1 at position 0', async () => {
        const result = await store.appendToStream(newStreamId(), [], {
          expectedRevision: 'no_stream',
        });

        expect(result).toEqual({ nextExpectedRevision: -1, position: 0 });
      });
    });

    describe('reading all streams', () => {
      it('returns every event in strictly increasing positions', async () => {
        const first = await streamWith(2);
        const second = await streamWith(2);

        const all = await store.readAll({ categories: [category] });

        expect(all).toEqual([...first.events, ...second.events]);
        expect(isStrictlyIncreasing(all.map((event) => event.position))).toBe(true);
      });

      it('returns only the events strictly after a position', async () => {
        const { events } = await streamWith(3);

        const after = await store.readAll({ after: events[0]?.position, categories: [category] });

        expect(after).toEqual(events.slice(1));
      });

      it('keeps only the requested categories', async () => {
        const { events } = await streamWith(1);
        const otherCategory = `other${randomUUID().replaceAll('-', '')}`;
        await store.appendToStream(`${otherCategory}-${randomUUID()}`, newEvents(1), {
          expectedRevision: 'no_stream',
        });

        const read = await store.readAll({ categories: [category] });

        expect(read).toEqual(events);
      });

      it('returns at most maxCount events', async () => {
        const { events } = await streamWith(3);

        const read = await store.readAll({ categories: [category], maxCount: 2 });

        expect(read).toEqual(events.slice(0, 2));
      });
    });

    describe('resuming inside a multi-event append', () => {
      it('gives each event of one append its own position, the last one reported by the append', async () => {
        const streamId = newStreamId();

        const result = await store.appendToStream(streamId, newEvents(3), { expectedRevision: 'no_stream' });

        const recorded = await store.readStream(streamId);
        expect(isStrictlyIncreasing(recorded.map((event) => event.position))).toBe(true);
        expect(result.position).toBe(recorded[2]!.position);
        expect(await store.readAll({ categories: [category] })).toEqual(recorded);
      });

      it('reads exactly the events after the middle one of an append', async () => {
        const { events } = await streamWith(3);

        const afterMiddle = await store.readAll({ after: events[1]!.position, categories: [category] });

        expect(afterMiddle).toEqual(events.slice(2));
      });

      it('subscribes from inside an append without loss or repeats', async () => {
        const { streamId, events } = await streamWith(3);
        const received: RecordedEvent[] = [];
        const subscription = subscribe({ after: events[0]!.position, categories: [category] }, (event) => {
          received.push(event);
        });
        await subscription.caughtUp;
        await store.appendToStream(streamId, newEvents(2), { expectedRevision: 2 });

        const all = await store.readStream(streamId);
        await vi.waitFor(() => expect(received).toHaveLength(4), DELIVERY);
        expect(received).toEqual(all.slice(1));
      });

      it('pages through appends one event at a time, each event exactly once', async () => {
        const first = await streamWith(3);
        const second = await streamWith(2);
        const paged: RecordedEvent[] = [];

        for (let after = 0; ;) {
          const [next] = await store.readAll({ after, categories: [category], maxCount: 1 });
          if (next === undefined) break;
          paged.push(next);
          after = next.position;
        }

        expect(paged).toEqual([...first.events, ...second.events]);
      });
    });

    describe('a subscription to all streams', () => {
      it('catches up with recorded events, then receives live ones in order', async () => {
        const { streamId, events: recorded } = await streamWith(2);
        const received: RecordedEvent[] = [];
        const subscription = subscribe({ categories: [category] }, (event) => {
          received.push(event);
        });
        await subscription.caughtUp;

        await Promise.all([
          store.appendToStream(streamId, newEvents(1), { expectedRevision: 1 }),
          store.appendToStream(newStreamId(), newEvents(2), { expectedRevision: 'no_stream' }),
        ]);

        const all = await store.readAll({ categories: [category] });
        await vi.waitFor(() => expect(received).toHaveLength(5), DELIVERY);
        expect(received).toEqual(all);
        expect(received.slice(0, 2)).toEqual(recorded);
      });

      it('starts strictly after the given position', async () => {
        const { streamId, events } = await streamWith(3);
        const received: RecordedEvent[] = [];
        const subscription = subscribe({ after: events[1]!.position, categories: [category] }, (event) => {
          received.push(event);
        });
        await subscription.caughtUp;
        await store.appendToStream(streamId, newEvents(1), { expectedRevision: 2 });

        await vi.waitFor(() => expect(received).toHaveLength(2), DELIVERY);
        expect(received.map((event) => event.revision)).toEqual([2, 3]);
      });

      it('resolves caughtUp once the recorded events are handled', async () => {
        const { events } = await streamWith(3);
        const handled: RecordedEvent[] = [];
        const subscription = subscribe({ categories: [category] }, async (event) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          handled.push(event);
        });

        await subscription.caughtUp;

        expect(handled).toEqual(events);
      });

      it('calls the handler for one event at a time', async () => {
        await streamWith(3);
        let running = 0;
        let mostAtOnce = 0;
        const subscription = subscribe({ categories: [category] }, async () => {
          running += 1;
          mostAtOnce = Math.max(mostAtOnce, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running -= 1;
        });

        await subscription.caughtUp;

        expect(mostAtOnce).toBe(1);
      });

      it('delivers nothing once stopped', async () => {
        const { streamId } = await streamWith(1);
        const received: RecordedEvent[] = [];
        const subscription = subscribe({ categories: [category] }, (event) => {
          received.push(event);
        });
        await subscription.caughtUp;

        await subscription.stop();
        await store.appendToStream(streamId, newEvents(1), { expectedRevision: 0 });
        await sleep(QUIET_PERIOD_MS);

        expect(received).toHaveLength(1);
      });

      it('lets the event in hand finish before stop resolves', async () => {
        await streamWith(1);
        let started = false;
        let finished = false;
        const subscription = subscribe({ categories: [category] }, async () => {
          started = true;
          await sleep(50);
          finished = true;
        });
        await vi.waitFor(() => expect(started).toBe(true), DELIVERY);

        await subscription.stop();

        expect(finished).toBe(true);
      });

      it('stops and reports the error when the handler throws', async () => {
        const { streamId } = await streamWith(1);
        const failure = new Error('handler failed');
        const errors: unknown[] = [];
        let calls = 0;
        const subscription = subscribe(
          { categories: [category] },
          () => {
            calls += 1;
            throw failure;
          },
          (error) => errors.push(error),
        );

        await expect(subscription.caughtUp).rejects.toBe(failure);
        await store.appendToStream(streamId, newEvents(1), { expectedRevision: 0 });
        await sleep(QUIET_PERIOD_MS);

        expect(errors).toEqual([failure]);
        expect(calls).toBe(1);
      });
    });

    describe('checkpoints', () => {
      it('reads null for a checkpoint never set', async () => {
        expect(await store.getCheckpoint(`never-${randomUUID()}`)).toBeNull();
      });

      it('reads back the last position set', async () => {
        const checkpoint = `relay-${randomUUID()}`;

        await store.setCheckpoint(checkpoint, 7);
        await store.setCheckpoint(checkpoint, 42);

        expect(await store.getCheckpoint(checkpoint)).toBe(42);
      });

      it('stays out of reads and subscriptions', async () => {
        const { streamId, events } = await streamWith(1);
        const after = events[0]!.position;
        const checkpoint = `relay-${randomUUID()}`;
        const received: RecordedEvent[] = [];
        const subscription = subscribe({ after }, (event) => {
          received.push(event);
        });
        await subscription.caughtUp;

        await store.setCheckpoint(checkpoint, after);
        await store.appendToStream(streamId, newEvents(1), { expectedRevision: 0 });

        const [appended] = await store.readStream(streamId, { fromRevision: 1 });
        await vi.waitFor(() => expect(received).toContainEqual(appended), DELIVERY);
        const read = await store.readAll({ after });
        expect(read).toContainEqual(appended);
        expect(JSON.stringify([...read, ...received])).not.toContain(checkpoint);
      });
    });

    describe('a store opened again', () => {
      it('still holds the recorded events and checkpoints', async () => {
        const { streamId, events } = await streamWith(2);
        const checkpoint = `relay-${randomUUID()}`;
        await store.setCheckpoint(checkpoint, events[1]!.position);

        store = await opened.reopen();

        expect(await store.readStream(streamId)).toEqual(events);
        expect(await store.getCheckpoint(checkpoint)).toBe(events[1]!.position);
        const result = await store.appendToStream(streamId, newEvents(1), { expectedRevision: 1 });
        expect(result.position).toBeGreaterThan(events[1]!.position);
      });
    });
  });
}

let eventCount = 0;

function newEvents(count: number): EventToAppend[] {
  return Array.from({ length: count }, () => {
    eventCount += 1;
    return {
      id: randomUUID(),
      type: 'ThingHappened',
      version: 2,
      data: { sequence: eventCount, nested: { tags: ['a', 'b'] } },
      metadata: {
        tenantId: eventCount % 2 === 0 ? null : `tenant-${randomUUID()}`,
        correlationId: randomUUID(),
        causationId: null,
        occurredAt: new Date().toISOString(),
      },
    };
  });
}

async function expectWrongRevision(append: Promise<unknown>, actual: number | 'no_stream'): Promise<void> {
  const error = await append.then(
    () => null,
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  expect((error as WrongExpectedRevisionError).actual).toBe(actual);
}

function isStrictlyIncreasing(values: readonly number[]): boolean {
  return values.every((value, index) => index === 0 || value > values[index - 1]!);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

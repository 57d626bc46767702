import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '../event-store/port.js';
import { openSqliteEventStore } from '../event-store/sqlite.js';
import { silentLogger } from '../log/logger.js';
import { ParkingLot } from '../parking/parking-lot.js';
import { ReactionRunner, type Reaction } from './runner.js';

const FAST = { firstDelayMs: 5, maxDelayMs: 20, giveUpAfterMs: 100 };

async function appendNote(store: EventStore, text: string): Promise<string> {
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
  return id;
}

/** Records the notes it sees; throws on those `failsOn` says, until told otherwise. */
function recordingReaction(failsOn: (text: string) => boolean = () => false) {
  const seen: string[] = [];
  const attempts = new Map<string, number>();
  const reaction: Reaction = {
    name: 'record-notes',
    categories: ['note'],
    handles: (event) => event.type === 'test.Noted',
    async react(event: RecordedEvent) {
      const { text } = event.data as { text: string };
      attempts.set(text, (attempts.get(text) ?? 0) + 1);
      if (failsOn(text)) throw new Error(`cannot handle ${text}`);
      seen.push(text);
    },
  };
  return { reaction, seen, attempts };
}

describe('the reaction runner', () => {
  let dir: string;
  let store: EventStore;
  let parking: ParkingLot;
  let runner: ReactionRunner | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'reactions-'));
    store = openSqliteEventStore({ file: join(dir, 'service.db') });
    parking = new ParkingLot(store, silentLogger, { pollIntervalMs: 20 });
    runner = undefined;
  });
  afterEach(async () => {
    await parking.stop();
    await runner?.stop();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const start = async (reaction: Reaction, retry = FAST) => {
    runner = await ReactionRunner.start({
      store,
      reactions: [reaction],
      logger: silentLogger,
      parking,
      name: 'test/reactions',
      retry,
    });
    parking.start();
    return runner;
  };

  it('reacts to the backlog and to new events, and resumes from its checkpoint after a restart', async () => {
    await appendNote(store, 'one');
    const first = recordingReaction();
    await (
      await start(first.reaction)
    ).caughtUp;
    expect(first.seen).toEqual(['one']);
    expect(runner?.report()).toEqual({ name: 'test/reactions', status: 'running', parked: 0 });
    await appendNote(store, 'two');
    await expect.poll(() => first.seen).toEqual(['one', 'two']);
    await runner?.stop();
    expect(runner?.report().status).toBe('stopped');

    await appendNote(store, 'three');
    const second = recordingReaction();
    await (
      await start(second.reaction)
    ).caughtUp;
    expect(second.seen).toEqual(['three']);
  });

  it('retries a failing reaction and says so while it does', async () => {
    let broken = true;
    const { reaction, seen } = recordingReaction((text) => text === 'flaky' && broken);
    const patient = await start(reaction, { firstDelayMs: 5, maxDelayMs: 20, giveUpAfterMs: 60_000 });
    await appendNote(store, 'flaky');
    await expect.poll(() => patient.report().status).toBe('retrying');
    expect(patient.report().detail).toMatch(/record-notes failed on event .* cannot handle flaky/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    broken = false;
    await expect.poll(() => patient.report().status).toBe('running');
    expect(seen).toEqual(['flaky']);
    expect(await parking.list()).toEqual([]);
  });

  it('parks an event a reaction keeps failing on, goes on with the next, and replays it on request', async () => {
    let broken = true;
    const { reaction, seen, attempts } = recordingReaction((text) => text === 'poison' && broken);
    await start(reaction);
    const poisonId = await appendNote(store, 'poison');
    await appendNote(store, 'next');

    await expect.poll(() => seen).toEqual(['next']);
    expect(attempts.get('poison')).toBeGreaterThan(1);
    const [item] = await parking.list();
    expect(item).toMatchObject({
      worker: 'test/reactions',
      handler: 'record-notes',
      status: 'parked',
      subject: { kind: 'event', eventId: poisonId, type: 'test.Noted' },
    });
    expect(item?.reason).toMatch(/cannot handle poison/);
    expect(runner?.report()).toMatchObject({ status: 'running', parked: 1 });

    // A replay that fails again leaves it parked, with the new reason.
    await parking.requestReplay(item!.id);
    await expect.poll(async () => (await parking.list())[0]?.status).toBe('parked');

    broken = false;
    await parking.requestReplay(item!.id);
    await expect.poll(async () => (await parking.list())[0]?.status).toBe('replayed');
    expect(seen).toEqual(['next', 'poison']);
    expect(runner?.report().parked).toBe(0);
  });

  it('keeps its parked items across a restart', async () => {
    const { reaction } = recordingReaction((text) => text === 'poison');
    await start(reaction);
    await appendNote(store, 'poison');
    await expect.poll(() => runner?.report().parked).toBe(1);
    await runner?.stop();
    await parking.stop();

    parking = new ParkingLot(store, silentLogger, { pollIntervalMs: 20 });
    await start(reaction);
    await expect.poll(() => runner?.report().parked).toBe(1);
  });

  it('rides out a checkpoint write that fails, reporting it meanwhile', async () => {
    const { reaction, seen } = recordingReaction();
    let down = true;
    const setCheckpoint = store.setCheckpoint.bind(store);
    store.setCheckpoint = async (name, position) => {
      if (down) throw new Error('disk full');
      return setCheckpoint(name, position);
    };
    await start(reaction);
    await appendNote(store, 'one');
    await expect.poll(() => runner?.report().detail).toMatch(/cannot save its checkpoint: Error: disk full/);
    expect(runner?.report().status).toBe('retrying');
    down = false;
    await expect.poll(() => runner?.report().status).toBe('running');
    expect(seen).toEqual(['one']);
    expect(await store.getCheckpoint('reactions')).toBeGreaterThan(0);
  });

  it('starts reading the store again after its subscription fails, instead of stopping for good', async () => {
    const { reaction, seen } = recordingReaction();
    const subscribeToAll = store.subscribeToAll.bind(store);
    let failures = 1;
    store.subscribeToAll = (options, handler, onError) => {
      if (failures-- > 0) {
        setTimeout(() => onError?.(new Error('disk I/O error')), 10);
        return { caughtUp: new Promise(() => {}), stop: async () => {} };
      }
      return subscribeToAll(options, handler, onError);
    };
    runner = await ReactionRunner.start({
      store,
      reactions: [reaction],
      logger: silentLogger,
      parking,
      name: 'test/reactions',
      retry: FAST,
      resubscribe: { firstDelayMs: 200, maxDelayMs: 200, giveUpAfterMs: Infinity },
    });
    await expect.poll(() => runner?.report().detail).toMatch(/stopped reading the store \(Error: disk I\/O error\)/);
    expect(runner.report().status).toBe('retrying');
    await appendNote(store, 'after the failure');
    await expect.poll(() => seen).toEqual(['after the failure']);
    await expect.poll(() => runner?.report().status).toBe('running');
  });

  it('reports itself stalled when a reaction hangs', async () => {
    let release!: () => void;
    const hung = new Promise<void>((resolve) => (release = resolve));
    const reaction: Reaction = {
      name: 'hangs',
      categories: ['note'],
      handles: () => true,
      react: () => hung,
    };
    runner = await ReactionRunner.start({
      store,
      reactions: [reaction],
      logger: silentLogger,
      parking,
      name: 'test/reactions',
      stallAfterMs: 50,
    });
    await appendNote(store, 'never done');
    try {
      await expect
        .poll(() => runner?.report())
        .toMatchObject({
          status: 'retrying',
          detail: expect.stringMatching(/^stalled: busy with event .* \(test.Noted\) for \d+ s$/),
        });
    } finally {
      release();
    }
    await expect.poll(() => runner?.report().status).toBe('running');
  });
});

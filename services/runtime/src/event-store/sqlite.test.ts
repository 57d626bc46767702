import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventStoreContract, type OpenedStore } from './contract.js';
import { WrongExpectedRevisionError, type EventToAppend } from './port.js';
import { SqliteEventStore, openSqliteEventStore } from './sqlite.js';

async function openInFreshDirectory(): Promise<OpenedStore & { file: string }> {
  const directory = await mkdtemp(join(tmpdir(), 'event-store-'));
  const file = join(directory, 'events.db');
  let current = openSqliteEventStore({ file });
  return {
    file,
    store: current,
    async reopen() {
      await current.close();
      current = openSqliteEventStore({ file });
      return current;
    },
    async cleanup() {
      await current.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

eventStoreContract('sqlite event store', openInFreshDirectory);

describe('sqlite event store file', () => {
  let opened: Awaited<ReturnType<typeof openInFreshDirectory>>;
  const others: SqliteEventStore[] = [];

  beforeEach(async () => {
    opened = await openInFreshDirectory();
  });

  afterEach(async () => {
    await Promise.all(others.splice(0).map((store) => store.close()));
    await opened.cleanup();
  });

  function openAnotherStoreOnTheFile(): SqliteEventStore {
    const store = new SqliteEventStore({ file: opened.file });
    others.push(store);
    return store;
  }

  it('is in WAL mode and syncs every commit fully', () => {
    const store = openAnotherStoreOnTheFile();

    expect(store.readPragma('journal_mode')).toBe('wal');
    expect(store.readPragma('synchronous')).toBe(2);
  });

  it('keeps its events across a reopen, and positions carry on after the last one', async () => {
    const streamId = `post-${randomUUID()}`;
    const first = await opened.store.appendToStream(streamId, [newEvent()], {
      expectedRevision: 'no_stream',
    });

    const store = await opened.reopen();
    const second = await store.appendToStream(`post-${randomUUID()}`, [newEvent()], {
      expectedRevision: 'no_stream',
    });

    expect(await store.readStream(streamId)).toHaveLength(1);
    expect(second.position).toBe(first.position + 1);
  });

  it('lets exactly one of two racing writers append at the same expected revision', async () => {
    const streamId = `post-${randomUUID()}`;
    await opened.store.appendToStream(streamId, [newEvent()], { expectedRevision: 'no_stream' });
    const rival = openAnotherStoreOnTheFile();

    const outcomes = await Promise.allSettled([
      opened.store.appendToStream(streamId, [newEvent()], { expectedRevision: 0 }),
      rival.appendToStream(streamId, [newEvent()], { expectedRevision: 0 }),
    ]);

    const winners = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const losers = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0]).toBeInstanceOf(WrongExpectedRevisionError);
    expect(losers[0]).toMatchObject({ actual: 1 });
    expect(await rival.readStream(streamId)).toHaveLength(2);
  });

  it('refuses event ids already recorded in another stream', async () => {
    const event = newEvent();
    await opened.store.appendToStream(`post-${randomUUID()}`, [event], {
      expectedRevision: 'no_stream',
    });

    await expect(
      opened.store.appendToStream(`post-${randomUUID()}`, [event], { expectedRevision: 'any' }),
    ).rejects.toThrow(/already recorded/);
  });

  it('refuses a new batch that ends with an id recorded before, and records none of it', async () => {
    const streamId = `post-${randomUUID()}`;
    const recorded = newEvent();
    await opened.store.appendToStream(`post-${randomUUID()}`, [recorded], { expectedRevision: 'no_stream' });

    await expect(
      opened.store.appendToStream(streamId, [newEvent(), recorded], { expectedRevision: 'no_stream' }),
    ).rejects.toThrow(/already recorded/);
    expect(await opened.store.readStream(streamId)).toEqual([]);
  });

  it('reads several categories merged in position order, through the category index', async () => {
    const appended: { streamId: string; position: number }[] = [];
    for (const category of ['user', 'session', 'emailclaim', 'session', 'user', 'session']) {
      const streamId = `${category}-${randomUUID()}`;
      const { position } = await opened.store.appendToStream(streamId, [newEvent()], { expectedRevision: 'no_stream' });
      appended.push({ streamId, position });
    }
    const folded = appended.filter(({ streamId }) => !streamId.startsWith('emailclaim-'));

    const read = await opened.store.readAll({ categories: ['user', 'session', 'user'] });
    expect(read.map(({ streamId, position }) => ({ streamId, position }))).toEqual(folded);
    const afterSecond = await opened.store.readAll({
      after: folded[1]!.position,
      categories: ['user', 'session'],
      maxCount: 2,
    });
    expect(afterSecond.map((event) => event.position)).toEqual([folded[2]!.position, folded[3]!.position]);

    const plan =
      opened.store instanceof SqliteEventStore
        ? opened.store.queryPlanOfReadAll({ categories: ['user', 'session'] })
        : [];
    // Each category walks the index in position order and sqlite merges them: no sort of the
    // whole remainder for every batch.
    expect(plan.filter((step) => step.includes('USING INDEX events_by_category'))).toHaveLength(2);
    expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/);
  });

  it('gives a file made before the category index that index at its next open', async () => {
    const file = join(dirname(opened.file), 'old.db');
    const old = new Database(file);
    old.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL UNIQUE,
      stream_id TEXT NOT NULL, revision INTEGER NOT NULL, category TEXT NOT NULL, type TEXT NOT NULL,
      version INTEGER NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, UNIQUE (stream_id, revision)) STRICT`);
    old.close();

    const store = new SqliteEventStore({ file });
    others.push(store);
    expect(store.queryPlanOfReadAll({ categories: ['user'] }).join('\n')).toMatch(/USING INDEX events_by_category/);
  });

  it('refuses a batch that repeats only some of an earlier one', async () => {
    const streamId = `post-${randomUUID()}`;
    const event = newEvent();
    await opened.store.appendToStream(streamId, [event], { expectedRevision: 'no_stream' });

    await expect(
      opened.store.appendToStream(streamId, [event, newEvent()], { expectedRevision: 'any' }),
    ).rejects.toThrow(/already recorded/);
    expect(await opened.store.readStream(streamId)).toHaveLength(1);
  });
});

function newEvent(): EventToAppend {
  return {
    id: randomUUID(),
    type: 'PostDrafted',
    version: 1,
    data: { title: 'hello' },
    metadata: {
      tenantId: null,
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
    },
  };
}

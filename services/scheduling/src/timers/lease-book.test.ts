import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore, type EventStore } from '@brandloom/runtime';
import { LeaseBook } from './lease-book.js';

describe('partition leases across the hour their streams roll over', () => {
  let dir: string;
  let stores: EventStore[];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'scheduling-leases-'));
    stores = [];
  });
  afterEach(async () => {
    for (const store of stores) await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const book = (holder: string) => {
    const store = openSqliteEventStore({ file: join(dir, 'scheduling.db') });
    stores.push(store);
    return new LeaseBook({ store, holder, partitions: 1, leaseMs: 30_000, renewEveryMs: 10_000 });
  };
  const at = (time: string) => new Date(`2026-11-25T${time}.000Z`);

  it('carry the holder into the next hour’s stream, and move only once the lease lapses', async () => {
    const first = book('first');
    const second = book('second');
    await first.refresh(at('10:59:50'));
    expect(first.holds(0, at('10:59:50'))).toBe(true);

    await second.refresh(at('11:00:05'));
    expect(second.holds(0, at('11:00:05'))).toBe(false);
    await first.refresh(at('11:00:05'));
    expect(first.holds(0, at('11:00:05'))).toBe(true);

    // The first renewed at 11:00:05 (until 11:00:35) and then stopped without a word.
    await second.refresh(at('11:00:34'));
    expect(second.holds(0, at('11:00:34'))).toBe(false);
    await second.refresh(at('11:00:36'));
    expect(second.holds(0, at('11:00:36'))).toBe(true);
    expect(first.holds(0, at('11:00:36'))).toBe(false);
    await first.refresh(at('11:00:37'));
    expect(first.holds(0, at('11:00:37'))).toBe(false);
  });
});

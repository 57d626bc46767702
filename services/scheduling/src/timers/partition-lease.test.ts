import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@brandloom/runtime/testing';
import { partitionLeaseDecider, partitionOf } from './partition-lease.js';

const spec = deciderSpec(partitionLeaseDecider);
const take = (holder: string, now: string) =>
  ({ type: 'TakeLease', partition: 2, holder, now, leaseMs: 30_000, renewEveryMs: 10_000 }) as const;
const taken = (holder: string, at: string, expiresAt: string) => ({
  type: 'scheduling.PartitionLeaseTaken' as const,
  data: { partition: 2, holder, at, expiresAt },
});
const released = (holder: string, at: string) => ({
  type: 'scheduling.PartitionLeaseReleased' as const,
  data: { partition: 2, holder, at },
});
const t0 = '2026-11-25T10:00:00.000Z';
const byA = taken('a', t0, '2026-11-25T10:00:30.000Z');

describe('a partition lease', () => {
  it('is taken when nobody holds it', () => {
    spec.given([]).when(take('a', t0)).then([byA]);
  });
  it('is renewed by its holder every renewEveryMs, not at every tick', () => {
    spec.given([byA]).when(take('a', '2026-11-25T10:00:05.000Z')).thenNothingHappened();
    spec
      .given([byA])
      .when(take('a', '2026-11-25T10:00:10.000Z'))
      .then([taken('a', '2026-11-25T10:00:10.000Z', '2026-11-25T10:00:40.000Z')]);
  });
  it('is not taken from a holder before it expires, and is taken after', () => {
    spec.given([byA]).when(take('b', '2026-11-25T10:00:29.999Z')).thenNothingHappened();
    spec
      .given([byA])
      .when(take('b', '2026-11-25T10:00:30.000Z'))
      .then([taken('b', '2026-11-25T10:00:30.000Z', '2026-11-25T10:01:00.000Z')]);
  });
  it('is released by its holder only, and then free to take at once', () => {
    const at = '2026-11-25T10:00:01.000Z';
    spec.given([byA]).when({ type: 'ReleaseLease', partition: 2, holder: 'b', now: at }).thenNothingHappened();
    spec
      .given([byA])
      .when({ type: 'ReleaseLease', partition: 2, holder: 'a', now: at })
      .then([released('a', at)]);
    spec
      .given([byA, released('a', at)])
      .when(take('b', at))
      .then([taken('b', at, '2026-11-25T10:00:31.000Z')]);
  });
});

describe('the partition of a tenant', () => {
  it('is stable and within range, and spreads tenants over the partitions', () => {
    const ids = Array.from({ length: 400 }, (_, index) => `4b8f8a7e-9a4b-4d8e-8f43-${String(index).padStart(12, '0')}`);
    const counts = [0, 0, 0, 0];
    for (const id of ids) {
      const partition = partitionOf(id, 4);
      expect(partitionOf(id, 4)).toBe(partition);
      counts[partition]! += 1;
    }
    for (const count of counts) expect(count).toBeGreaterThan(50);
  });
});

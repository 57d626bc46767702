import type { Decider } from '@brandloom/runtime';
import type { SchedulingEventOf } from '../events.js';

/**
 * A lease stream holds one hour of a partition's lease: renewals every few seconds would
 * otherwise make one stream longer every day. Each hour's stream starts from the state the
 * previous hour's ended with, so the holder carries over.
 */
export const LEASE_BUCKET_MS = 3_600_000;
export const leaseStream = (partition: number, bucket: number): string => `lease-${partition}_${bucket}`;
export const leaseBucketOf = (now: Date): number => Math.floor(now.getTime() / LEASE_BUCKET_MS);

/** Tenants spread over partitions by a stable hash of the user id (FNV-1a), so a tenant has one timer owner. */
export function partitionOf(userId: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < userId.length; index++) {
    hash ^= userId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % partitions;
}

export interface PartitionLease {
  holder: string | null;
  expiresAt: number;
  takenAt: number;
}

export type LeaseCommand =
  | { type: 'TakeLease'; partition: number; holder: string; now: string; leaseMs: number; renewEveryMs: number }
  | { type: 'ReleaseLease'; partition: number; holder: string; now: string };

type LeaseEvent = SchedulingEventOf<'scheduling.PartitionLeaseTaken' | 'scheduling.PartitionLeaseReleased'>;

/** Whether `holder` holds the lease at `now`. */
export const holds = (lease: PartitionLease, holder: string, now: Date): boolean =>
  lease.holder === holder && lease.expiresAt > now.getTime();

/**
 * A partition's lease: taken when free or expired, renewed by its holder every `renewEveryMs`
 * (not at every tick, to keep the stream short), released on a clean stop so a restart takes
 * it over at once. Appends happen at the revision read: two instances cannot both take it.
 */
export const partitionLeaseDecider: Decider<LeaseCommand, LeaseEvent, PartitionLease> = {
  initialState: () => ({ holder: null, expiresAt: 0, takenAt: 0 }),
  decide(command, state) {
    const now = Date.parse(command.now);
    switch (command.type) {
      case 'TakeLease': {
        const mine = state.holder === command.holder;
        if (mine && now < state.takenAt + command.renewEveryMs && state.expiresAt > now) return [];
        if (!mine && state.holder !== null && state.expiresAt > now) return [];
        return [
          {
            type: 'scheduling.PartitionLeaseTaken',
            data: {
              partition: command.partition,
              holder: command.holder,
              expiresAt: new Date(now + command.leaseMs).toISOString(),
              at: command.now,
            },
          },
        ];
      }
      case 'ReleaseLease':
        if (state.holder !== command.holder || state.expiresAt <= now) return [];
        return [
          {
            type: 'scheduling.PartitionLeaseReleased',
            data: { partition: command.partition, holder: command.holder, at: command.now },
          },
        ];
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
  evolve(_, event) {
    switch (event.type) {
      case 'scheduling.PartitionLeaseTaken':
        return {
          holder: event.data.holder,
          expiresAt: Date.parse(event.data.expiresAt),
          takenAt: Date.parse(event.data.at),
        };
      case 'scheduling.PartitionLeaseReleased':
        return { holder: null, expiresAt: 0, takenAt: 0 };
    }
  },
};

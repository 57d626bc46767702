import { fold, newId, WrongExpectedRevisionError, type EventStore, type RecordedEvent } from '@brandloom/runtime';
import { schedulingCodec, type SchedulingEventOf } from '../events.js';
import {
  holds,
  leaseBucketOf,
  leaseStream,
  partitionLeaseDecider,
  type LeaseCommand,
  type PartitionLease,
} from './partition-lease.js';

type LeaseEvent = SchedulingEventOf<'scheduling.PartitionLeaseTaken' | 'scheduling.PartitionLeaseReleased'>;

interface Known {
  bucket: number;
  /** The revision of the bucket stream read last; -1 before its first event. */
  revision: number;
  state: PartitionLease;
}

export interface LeaseBookOptions {
  store: EventStore;
  holder: string;
  partitions: number;
  leaseMs: number;
  renewEveryMs: number;
}

const decode = (events: readonly RecordedEvent[]) => events.map((event) => schedulingCodec.decode(event) as LeaseEvent);

/**
 * One timer instance's partition leases. It remembers where it read each lease stream up to, so
 * a tick reads only what was appended since; the decider rules; the append at the revision read
 * makes a race between two instances end with one holder.
 */
export class LeaseBook {
  private readonly known = new Map<number, Known>();

  constructor(private readonly options: LeaseBookOptions) {}

  /** Takes or renews every partition it can. */
  async refresh(now: Date): Promise<void> {
    const { leaseMs, renewEveryMs, holder, partitions } = this.options;
    for (let partition = 0; partition < partitions; partition++) {
      const command = { type: 'TakeLease', partition, holder, now: now.toISOString(), leaseMs, renewEveryMs } as const;
      await this.decide(partition, command, now);
    }
  }

  /**
   * Whether this instance holds the partition at `now`, as of its last look: a lease it could
   * not renew (the store was down) stops counting when it expires.
   */
  holds(partition: number, now: Date): boolean {
    const known = this.known.get(partition);
    return known !== undefined && holds(known.state, this.options.holder, now);
  }

  /** Gives back what it holds, so another instance (or this one restarted) takes over at once. */
  async releaseAll(now: Date): Promise<void> {
    const { holder, partitions } = this.options;
    for (let partition = 0; partition < partitions; partition++) {
      if (!this.holds(partition, now)) continue;
      await this.decide(partition, { type: 'ReleaseLease', partition, holder, now: now.toISOString() }, now);
    }
  }

  private async decide(partition: number, command: LeaseCommand, now: Date): Promise<void> {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const known = await this.catchUp(partition, leaseBucketOf(now));
      const events = partitionLeaseDecider.decide(command, known.state);
      if (events.length === 0) return;
      try {
        const stream = leaseStream(partition, known.bucket);
        const result = await this.options.store.appendToStream(
          stream,
          events.map((event) => ({
            id: newId(),
            type: event.type,
            version: 1,
            data: event.data,
            metadata: { tenantId: null, correlationId: 'scheduler-leases', causationId: null, occurredAt: command.now },
          })),
          { expectedRevision: known.revision < 0 ? 'no_stream' : known.revision },
        );
        known.state = events.reduce(partitionLeaseDecider.evolve, known.state);
        known.revision = result.nextExpectedRevision;
        return;
      } catch (error) {
        // Another instance appended first: read what it did and decide again.
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
  }

  /** The lease as the store has it now, reading only what this instance has not seen. */
  private async catchUp(partition: number, bucket: number): Promise<Known> {
    const { store } = this.options;
    let known = this.known.get(partition);
    if (!known || known.bucket !== bucket) {
      // A new hour: start from where the previous hour's stream ended.
      const previous = await store.readStream(leaseStream(partition, bucket - 1));
      known = { bucket, revision: -1, state: fold(partitionLeaseDecider, decode(previous)) };
      this.known.set(partition, known);
    }
    const fresh = await store.readStream(leaseStream(partition, bucket), { fromRevision: known.revision + 1 });
    known.state = decode(fresh).reduce(partitionLeaseDecider.evolve, known.state);
    known.revision = fresh.at(-1)?.revision ?? known.revision;
    return known;
  }
}

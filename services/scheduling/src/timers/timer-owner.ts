import {
  commandHandler,
  describeError,
  newId,
  STALL_AFTER_MS,
  uuidV5,
  withStall,
  type EventStore,
  type Logger,
  type StoppableWork,
  type WorkReport,
} from '@brandloom/runtime';
import { publishablePlatforms, type PublishablePlatform } from '@brandloom/proto-events';
import type { AccountsReadModel } from '../accounts/accounts-read-model.js';
import { accountHold } from '../accounts/plan-gate.js';
import { schedulingCodec } from '../events.js';
import type { QueueReadModel, QueueRow } from '../queue/queue-read-model.js';
import type { OwnerSchedule, SchedulesReadModel } from '../schedule/schedules-read-model.js';
import type { SchedulingSettings } from '../settings.js';
import { slotDecider, slotIdOf, slotStream } from '../slots/slot.js';
import { latestSlotUpTo } from '../slots/slots.js';
import { LeaseBook } from './lease-book.js';
import { partitionOf } from './partition-lease.js';
import { holdReasonOf, postTimerDecider, timerStream } from './post-timer.js';

export interface TimerOwnerOptions {
  store: EventStore;
  logger: Logger;
  now: () => Date;
  settings: SchedulingSettings;
  schedules: SchedulesReadModel;
  accounts: AccountsReadModel;
  queue: QueueReadModel;
  /** This instance's name on its leases; a fresh id by default. */
  holder?: string;
}

/** Records a slot once: its stream is created once, with an id derived from the slot. */
export function slotRecorder(store: EventStore) {
  const slots = commandHandler({ store, codec: schedulingCodec, decider: slotDecider });
  return async (userId: string, slotTime: Date, at: Date, correlationId: string) => {
    const slotId = slotIdOf(userId, slotTime);
    const { position } = await slots.handle(
      slotStream(slotId),
      { type: 'ReachSlot', userId, slotTime: slotTime.toISOString() },
      { tenantId: userId, correlationId, occurredAt: at.toISOString(), eventId: () => uuidV5(slotId) },
    );
    return position;
  };
}

const isPublishable = (platform: string): platform is PublishablePlatform =>
  (publishablePlatforms as readonly string[]).includes(platform);

/**
 * The scheduler's durable timers for the partitions this instance holds. Every due time is in
 * the store (a running schedule, a queued post), so a restart loses none: what came due while
 * down fires at the first tick, which comes at once. Each firing is an event appended at the
 * revision read (a post's timer stream, a slot's own stream), so two instances never fire one
 * thing twice; the leases only keep them from doing the same work.
 */
export class TimerOwner implements StoppableWork {
  readonly holder: string;
  private readonly leases: LeaseBook;
  private readonly timers;
  private readonly recordSlot;
  private handle: NodeJS.Timeout | null = null;
  /** When the armed wake-up fires (null while a round runs): a sooner due time re-arms it. */
  private wakeAt: number | null = null;
  private stopListening: () => void = () => {};
  private ticking: Promise<void> | null = null;
  private lastProblem: string | null = null;
  private stopped = false;
  /** Since when the round in progress runs (a stuck store call shows as stalled). */
  private busySince: number | null = null;

  constructor(private readonly options: TimerOwnerOptions) {
    this.holder = options.holder ?? newId();
    const { store, settings } = options;
    this.leases = new LeaseBook({
      store,
      holder: this.holder,
      partitions: settings.partitions,
      leaseMs: settings.leaseMs,
      renewEveryMs: settings.leaseRenewMs,
    });
    this.timers = commandHandler({ store, codec: schedulingCodec, decider: postTimerDecider });
    this.recordSlot = slotRecorder(store);
  }

  /**
   * Ticks at once, then again at the next tick or, when a queued post comes due sooner, at its
   * time: a post goes out at its time, not up to a tick late.
   */
  start(): this {
    this.stopListening = this.options.queue.onQueued((dueAt) => this.wakeBy(Date.parse(dueAt)));
    this.wakeAfter(0);
    return this;
  }

  private wakeAfter(delayMs: number): void {
    if (this.stopped) return;
    if (this.handle) clearTimeout(this.handle);
    this.wakeAt = this.options.now().getTime() + delayMs;
    this.handle = setTimeout(() => {
      this.wakeAt = null;
      void this.tick().finally(() => {
        if (this.wakeAt === null) this.wakeAfter(this.untilNextWake());
      });
    }, delayMs);
    this.handle.unref();
  }

  /** A post just queued for `dueAtMs`: wake then, unless already waking sooner. */
  private wakeBy(dueAtMs: number): void {
    if (this.wakeAt === null || dueAtMs >= this.wakeAt) return;
    this.wakeAfter(Math.max(0, dueAtMs - this.options.now().getTime()));
  }

  /**
   * Until the next tick, or sooner when a queued post comes due before it; at once when one is
   * already due (queued while the round ran), unless the round just had problems, which wait
   * for the tick rather than spin.
   */
  private untilNextWake(): number {
    const { tickMs } = this.options.settings;
    if (this.lastProblem) return tickMs;
    try {
      const next = this.options.queue.nextDueAny();
      if (next === null) return tickMs;
      return Math.min(tickMs, Math.max(0, Date.parse(next) - this.options.now().getTime()));
    } catch {
      return tickMs; // the read model is unavailable: the tick's own retry reports it
    }
  }

  /** One round: leases, then slots, then due posts. Concurrent calls share the round in progress. */
  tick(): Promise<void> {
    if (!this.ticking) {
      this.busySince = Date.now();
      this.ticking = this.round().finally(() => {
        this.ticking = null;
        this.busySince = null;
      });
    }
    return this.ticking;
  }

  /** The partitions this instance fires, as of its last tick. */
  heldPartitions(): number[] {
    const now = this.options.now();
    return Array.from({ length: this.options.settings.partitions }, (_, partition) => partition).filter((partition) =>
      this.leases.holds(partition, now),
    );
  }

  private owns(userId: string, now: Date): boolean {
    return this.leases.holds(partitionOf(userId, this.options.settings.partitions), now);
  }

  private async round(): Promise<void> {
    if (this.stopped) return;
    const now = this.options.now();
    const problems: string[] = [];
    const attempt = async (what: string, work: () => Promise<unknown>) => {
      try {
        await work();
      } catch (error) {
        problems.push(`${what}: ${describeError(error)}`);
        this.options.logger.warn('scheduler timer failed; retried at the next tick', { what, error });
      }
    };
    await attempt('partition leases', () => this.leases.refresh(now));
    for (const owner of this.options.schedules.running()) {
      if (this.owns(owner.userId, now)) await attempt(`slot of ${owner.userId}`, () => this.fireSlot(owner, now));
    }
    for (const row of this.options.queue.due(now.toISOString())) {
      if (this.owns(row.user_id, now)) await attempt(`post ${row.post_id}`, () => this.firePost(row, now));
    }
    const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : '';
    this.lastProblem = problems.length ? problems.slice(0, 3).join('; ') + more : null;
  }

  /**
   * The latest slot up to now, when it is newer than the last one recorded and than the start:
   * a slot missed by more than the grace (the service was down) is skipped, not made up.
   */
  private async fireSlot(owner: OwnerSchedule, now: Date): Promise<void> {
    if (accountHold(this.options.accounts.get(owner.userId), now)) return;
    const slot = latestSlotUpTo(owner.settings, now, this.options.settings.slotGraceMs);
    if (!slot || !owner.runningSince || slot.getTime() < Date.parse(owner.runningSince)) return;
    if (owner.lastSlotTime && slot.getTime() <= Date.parse(owner.lastSlotTime)) return;
    await this.recordSlot(owner.userId, slot, now, 'scheduler');
  }

  private async firePost(row: QueueRow, now: Date): Promise<void> {
    if (!isPublishable(row.platform)) return;
    const hold = holdReasonOf(
      {
        standing: this.options.accounts.get(row.user_id),
        autoPosting: this.options.schedules.get(row.user_id).autoPosting,
        platform: row.platform,
        postStatus: row.post_status,
      },
      now,
    );
    // Still held for the same reason: nothing new to record.
    if (hold !== null && hold === row.held_reason) return;
    await this.timers.handle(
      timerStream(row.post_id),
      { type: 'FireIfDue', postId: row.post_id, now: now.toISOString(), content: row.content, hold },
      { tenantId: row.user_id, correlationId: 'scheduler', occurredAt: now.toISOString() },
    );
  }

  report(): WorkReport {
    const name = 'scheduling/timers';
    if (this.lastProblem) return { name, status: 'retrying', detail: this.lastProblem };
    const report: WorkReport = { name, status: this.handle ? 'running' : 'stopped' };
    const busy = this.busySince === null ? null : { since: this.busySince, what: 'a timer round' };
    return withStall(report, busy, STALL_AFTER_MS);
  }

  /** Stops ticking and gives its leases back, so a restart fires at its first tick. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopListening();
    if (this.handle) clearTimeout(this.handle);
    this.handle = null;
    await this.ticking;
    await this.leases.releaseAll(this.options.now()).catch((error: unknown) => {
      this.options.logger.warn('could not release the partition leases; they lapse on their own', { error });
    });
  }
}

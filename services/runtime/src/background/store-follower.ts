import type { EventStore, RecordedEvent, Subscription } from '../event-store/port.js';
import type { Logger } from '../log/logger.js';
import type { ParkingSpace } from '../parking/parking-lot.js';
import { backoffDelayMs, describeError, retryWithBackoff, sleepUnlessAborted, type RetryPolicy } from '../retry.js';
import { STALL_AFTER_MS, withStall, type BackgroundWork, type WorkReport, type WorkStatus } from './work.js';

/**
 * The checkpoint is saved at most this often. After a crash the last few events are handled
 * again, which every follower tolerates (the bus drops a republished id, reactions are
 * idempotent), and a busy follower writes a fraction of the fsyncs it would otherwise.
 */
const CHECKPOINT_INTERVAL_MS = 100;

/** How a follower whose subscription failed (a store read error) comes back: forever, up to 30 s apart. */
const RESUBSCRIBE: RetryPolicy = { firstDelayMs: 100, maxDelayMs: 30_000, giveUpAfterMs: Infinity };

export interface StoreFollowerOptions {
  store: EventStore;
  /** `billing/reactions`. */
  name: string;
  /** Where the follower's progress is kept in the store. */
  checkpointName: string;
  categories?: readonly string[];
  logger: Logger;
  /**
   * Handles one event; resolves once it is done with it (handled or parked), so the checkpoint can
   * move past it. Must give up promptly when `signal` aborts; the checkpoint then stays.
   */
  handle: (event: RecordedEvent, follower: FollowerControl) => Promise<void>;
  /** Waits between resubscriptions; injectable for tests. */
  resubscribe?: RetryPolicy;
  /** After this long on one event the follower reports itself stalled (STALL_AFTER_MS). */
  stallAfterMs?: number;
}

/** What a handler sees of the follower running it. */
export interface FollowerControl {
  readonly signal: AbortSignal;
  /** Reports that the current event is being retried (`detail` says why), or is fine again. */
  setStatus(status: Extract<WorkStatus, 'running' | 'retrying'>, detail?: string): void;
}

/**
 * Follows a service's own store from a checkpoint kept in that store, one event at a time, and
 * never stops in silence: a handler retries and parks on its own, a checkpoint write is retried,
 * and a failed subscription is started again from the checkpoint with backoff, all the while
 * reporting what it is doing.
 */
export class StoreFollower implements BackgroundWork, FollowerControl {
  private readonly stopping = new AbortController();
  private current: Subscription | null = null;
  private following: Promise<void> | null = null;
  private state: { status: WorkStatus; detail?: string } = { status: 'starting' };
  private caughtUpOnce = false;
  /** The position handled last, and the one saved last. */
  private handled: number | null = null;
  private saved: number | null = null;
  private lastSavedAt = 0;
  private pendingSave: NodeJS.Timeout | null = null;
  private saving: Promise<void> = Promise.resolve();
  /** The event being handled, and since when. */
  private busy: { since: number; what: string } | null = null;

  constructor(private readonly options: StoreFollowerOptions) {}

  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  /**
   * Starts following. The backlog is handled in the background, the report saying `starting`
   * meanwhile: a service takes requests while its reactions catch up, and a poison event in the
   * backlog cannot hold up its start.
   */
  start(): void {
    let onCaughtUp!: () => void;
    this.caughtUp = new Promise<void>((resolve) => (onCaughtUp = resolve));
    this.following ??= this.follow(onCaughtUp);
  }

  /** Resolves once the backlog at the start is handled (or the follower is stopped first). */
  caughtUp: Promise<void> = Promise.resolve();

  report(): WorkReport {
    return withStall(
      { name: this.options.name, ...this.state },
      this.busy,
      this.options.stallAfterMs ?? STALL_AFTER_MS,
    );
  }

  setStatus(status: 'running' | 'retrying', detail?: string): void {
    if (this.stopping.signal.aborted) return;
    if (status === 'running' && !this.caughtUpOnce) {
      this.state = { status: 'starting' };
      return;
    }
    this.state = detail === undefined ? { status } : { status, detail };
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.current?.stop();
    await this.following;
    if (this.pendingSave) clearTimeout(this.pendingSave);
    await this.saving;
    // One last try, so a clean stop leaves the checkpoint where the work is.
    if (this.handled !== null && this.handled !== this.saved) {
      await this.options.store.setCheckpoint(this.options.checkpointName, this.handled).catch((error: unknown) => {
        this.options.logger.warn('could not save the checkpoint at stop', { name: this.options.name, error });
      });
    }
    this.state = { status: 'stopped' };
  }

  private async follow(onCaughtUp: () => void): Promise<void> {
    const { logger, name } = this.options;
    const policy = this.options.resubscribe ?? RESUBSCRIBE;
    for (let failures = 0; !this.signal.aborted;) {
      const failure = await this.followOnce(onCaughtUp);
      if (failure === undefined) break;
      failures += 1;
      const delayMs = backoffDelayMs(policy, failures);
      this.state = {
        status: 'retrying',
        detail: `stopped reading the store (${describeError(failure)}); starting again in ${Math.round(delayMs)} ms`,
      };
      logger.error('background work stopped reading the store; starting again', { name, failures, error: failure });
      await sleepUnlessAborted(delayMs, this.signal);
    }
    onCaughtUp();
  }

  /** One subscription from the checkpoint; resolves with its failure, or undefined once stopped. */
  private async followOnce(onCaughtUp: () => void): Promise<unknown> {
    const { store, checkpointName, categories } = this.options;
    // After a failure, from the last event handled: the saved checkpoint may be a little behind.
    let after: number | undefined = this.handled ?? undefined;
    try {
      after ??= (await store.getCheckpoint(checkpointName)) ?? undefined;
    } catch (error) {
      return error;
    }
    let failure: unknown;
    let failed!: () => void;
    const ended = new Promise<void>((resolve) => (failed = resolve));
    const subscription = store.subscribeToAll(
      { ...(after === undefined ? {} : { after }), ...(categories ? { categories } : {}) },
      (event) => this.handleOne(event),
      (error) => {
        failure = error;
        failed();
      },
    );
    this.current = subscription;
    void subscription.caughtUp.then(() => {
      if (this.signal.aborted || failure !== undefined) return;
      this.caughtUpOnce = true;
      this.state = { status: 'running' };
      onCaughtUp();
    });
    const onStop = () => failed();
    this.signal.addEventListener('abort', onStop, { once: true });
    await ended;
    this.signal.removeEventListener('abort', onStop);
    await subscription.stop();
    this.current = null;
    return this.signal.aborted ? undefined : failure;
  }

  private async handleOne(event: RecordedEvent): Promise<void> {
    if (this.signal.aborted) return;
    this.busy = { since: Date.now(), what: `event ${event.id} (${event.type})` };
    try {
      await this.options.handle(event, this);
    } finally {
      this.busy = null;
    }
    if (this.signal.aborted) return;
    this.handled = event.position;
    const dueInMs = this.lastSavedAt + CHECKPOINT_INTERVAL_MS - Date.now();
    if (dueInMs <= 0) await this.saveCheckpoint();
    else this.pendingSave ??= setTimeout(() => void this.saveCheckpoint(), dueInMs);
  }

  /** Saves the position handled last, retrying (and saying so) while the store refuses. */
  private saveCheckpoint(): Promise<void> {
    if (this.pendingSave) clearTimeout(this.pendingSave);
    this.pendingSave = null;
    this.lastSavedAt = Date.now();
    const { store, checkpointName, logger, name } = this.options;
    this.saving = this.saving.then(async () => {
      const position = this.handled;
      if (position === null || position === this.saved) return;
      const outcome = await retryWithBackoff(() => store.setCheckpoint(checkpointName, position), {
        policy: RESUBSCRIBE,
        signal: this.signal,
        onFailure: (error, failures) => {
          this.setStatus('retrying', `cannot save its checkpoint: ${describeError(error)}`);
          logger.warn('checkpoint write failed, retrying', { name, failures, error });
        },
      });
      if (outcome.kind !== 'done') return;
      this.saved = position;
      if (this.state.status === 'retrying' && this.state.detail?.startsWith('cannot save its checkpoint')) {
        this.setStatus('running');
      }
    });
    return this.saving;
  }
}

/**
 * A worker that follows the service's store and parks what it gives up on (the outbox relay, the
 * reaction runner): its lifecycle and report come from its follower and its parking space.
 */
export abstract class ParkingStoreWorker implements BackgroundWork {
  protected abstract readonly follower: StoreFollower;
  protected abstract readonly parked: ParkingSpace;

  /** Resolves once the events recorded before the start are handled. */
  get caughtUp(): Promise<void> {
    return this.follower.caughtUp;
  }

  report(): WorkReport {
    return { ...this.follower.report(), parked: this.parked.count() };
  }

  stop(): Promise<void> {
    return this.follower.stop();
  }
}

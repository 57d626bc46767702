import { ParkingStoreWorker, StoreFollower, type FollowerControl } from '../background/store-follower.js';
import type { EventStore, RecordedEvent } from '../event-store/port.js';
import type { Logger } from '../log/logger.js';
import type { ParkedItem, ParkingLot, ParkingSpace } from '../parking/parking-lot.js';
import { describeError, retryWithBackoff, type RetryPolicy } from '../retry.js';

/** A process manager: turns a recorded event into commands. Must be idempotent. */
export interface Reaction {
  readonly name: string;
  readonly categories: readonly string[];
  handles(event: RecordedEvent): boolean;
  react(event: RecordedEvent): Promise<void>;
}

export interface ReactionRunnerOptions {
  store: EventStore;
  reactions: readonly Reaction[];
  logger: Logger;
  parking: ParkingLot;
  /** `billing/reactions`: the name in reports and on parked items. */
  name: string;
  checkpointName?: string;
  retry?: RetryPolicy;
  /** Waits before reading the store again after a failure; injectable for tests. */
  resubscribe?: RetryPolicy;
  /** After this long on one event the runner reports itself stalled; injectable for tests. */
  stallAfterMs?: number;
}

/**
 * A reaction that still fails after a minute of retries is parked: every later event waits
 * behind the one being retried, so a poison event must not hold them up for long.
 */
export const REACTION_RETRY: RetryPolicy = { firstDelayMs: 100, maxDelayMs: 10_000, giveUpAfterMs: 60_000 };

/**
 * Runs reactions over the service's own store from a checkpoint kept in that store. A failing
 * reaction is retried with backoff; one that keeps failing is parked (with the event and the
 * reason) and the runner goes on with the next event. Skipping silently would lose the command
 * forever; parking keeps it for a replay.
 */
export class ReactionRunner extends ParkingStoreWorker {
  protected readonly follower: StoreFollower;
  protected readonly parked: ParkingSpace;
  private readonly retry: RetryPolicy;

  constructor(private readonly options: ReactionRunnerOptions) {
    super();
    this.retry = options.retry ?? REACTION_RETRY;
    this.parked = options.parking.space(options.name, (item) => this.replay(item));
    this.follower = new StoreFollower({
      store: options.store,
      name: options.name,
      checkpointName: options.checkpointName ?? 'reactions',
      categories: [...new Set(options.reactions.flatMap((reaction) => reaction.categories))],
      logger: options.logger,
      handle: (event, control) => this.handle(event, control),
      ...(options.resubscribe ? { resubscribe: options.resubscribe } : {}),
      ...(options.stallAfterMs ? { stallAfterMs: options.stallAfterMs } : {}),
    });
  }

  /** Starts the runner; the backlog is handled in the background (`caughtUp`). */
  static async start(options: ReactionRunnerOptions): Promise<ReactionRunner> {
    const runner = new ReactionRunner(options);
    runner.follower.start();
    return runner;
  }

  private async handle(event: RecordedEvent, control: FollowerControl): Promise<void> {
    const { logger } = this.options;
    for (const reaction of this.options.reactions) {
      if (!reaction.handles(event)) continue;
      const outcome = await retryWithBackoff(() => reaction.react(event), {
        policy: this.retry,
        signal: control.signal,
        onFailure: (error, failures, delayMs) => {
          control.setStatus(
            'retrying',
            `${reaction.name} failed on event ${event.id} ${failures} time(s), next try in ${Math.round(delayMs)} ms: ${describeError(error)}`,
          );
          logger.warn('reaction failed, retrying', { reaction: reaction.name, eventId: event.id, failures, error });
        },
      });
      if (outcome.kind === 'stopped') return;
      if (outcome.kind === 'gave-up') await this.park(event, reaction, outcome.error, outcome.attempts, control);
      control.setStatus('running');
    }
  }

  private async park(
    event: RecordedEvent,
    reaction: Reaction,
    error: unknown,
    attempts: number,
    control: FollowerControl,
  ): Promise<void> {
    const reason = describeError(error);
    this.options.logger.error('parked an event a reaction keeps failing on', {
      reaction: reaction.name,
      eventId: event.id,
      reason,
    });
    const { streamId, revision, position, type } = event;
    await retryWithBackoff(
      () =>
        this.parked.park({
          handler: reaction.name,
          reason,
          attempts,
          subject: { kind: 'event', eventId: event.id, streamId, revision, position, type },
        }),
      {
        policy: { ...this.retry, giveUpAfterMs: Infinity },
        signal: control.signal,
        onFailure: (parkError) =>
          control.setStatus('retrying', `cannot park event ${event.id}: ${describeError(parkError)}`),
      },
    );
  }

  private async replay(item: ParkedItem): Promise<void> {
    const { subject } = item;
    if (subject.kind !== 'event') throw new Error(`reactions cannot replay a parked ${subject.kind}`);
    const reaction = this.options.reactions.find((candidate) => candidate.name === item.handler);
    if (!reaction) throw new Error(`no reaction named ${String(item.handler)} in this service`);
    const [event] = await this.options.store.readStream(subject.streamId, { fromRevision: subject.revision });
    if (!event || event.id !== subject.eventId) throw new Error(`event ${subject.eventId} is not in the store`);
    await reaction.react(event);
  }
}

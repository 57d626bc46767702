import { subjectFor, type EventDefinition, type EventEnvelope } from '@brandloom/proto-events';
import { ParkingStoreWorker, StoreFollower, type FollowerControl } from '../background/store-follower.js';
import type { Bus } from '../bus/port.js';
import { recordedEnvelope } from './inbox-copy.js';
import type { EventStore, RecordedEvent } from '../event-store/port.js';
import type { Logger } from '../log/logger.js';
import type { ParkedItem, ParkingLot, ParkingSpace } from '../parking/parking-lot.js';
import { describeError, retryWithBackoff, type RetryPolicy } from '../retry.js';

export interface OutboxRelayOptions {
  store: EventStore;
  bus: Bus;
  /** Maps a recorded event to the integration event it publishes, or null for internal ones. */
  toIntegrationEvent: (event: RecordedEvent) => EventEnvelope | null;
  logger: Logger;
  parking: ParkingLot;
  /** `identity/outbox`: the name in reports and on parked items. */
  name: string;
  checkpointName?: string;
  /** Waits between publish attempts while the bus is unreachable. */
  retry?: RetryPolicy;
  /** Fault injection for tests: runs after a publish, before the checkpoint moves. */
  afterPublish?: (envelope: EventEnvelope) => void;
}

/** The bus being down is no fault of the event: publishing is retried for as long as it takes. */
export const PUBLISH_RETRY: RetryPolicy = { firstDelayMs: 50, maxDelayMs: 5000, giveUpAfterMs: Infinity };

/**
 * Publishes a service's integration events from its own store. The service only ever appends;
 * this relay tails the store from a checkpoint kept in the same store, so a crash between
 * append and publish loses nothing. A crash after publish but before the checkpoint moves
 * republishes the event with the same message id, which the bus and the consumer's inbox drop.
 *
 * A publish that fails is retried with backoff until the bus takes it (the relay reports that it
 * is retrying meanwhile). An event that cannot be turned into its integration event (a bug, not
 * an outage) is parked with the reason and the relay goes on.
 */
export class OutboxRelay extends ParkingStoreWorker {
  protected readonly follower: StoreFollower;
  protected readonly parked: ParkingSpace;

  constructor(private readonly options: OutboxRelayOptions) {
    super();
    this.parked = options.parking.space(options.name, (item) => this.replay(item));
    this.follower = new StoreFollower({
      store: options.store,
      name: options.name,
      checkpointName: options.checkpointName ?? 'outbox',
      logger: options.logger,
      handle: (event, control) => this.relay(event, control),
    });
  }

  /** Starts the relay; the backlog is published in the background (`caughtUp`). */
  static async start(options: OutboxRelayOptions): Promise<OutboxRelay> {
    const relay = new OutboxRelay(options);
    relay.follower.start();
    return relay;
  }

  private async relay(event: RecordedEvent, control: FollowerControl): Promise<void> {
    const { logger } = this.options;
    let envelope: EventEnvelope | null;
    try {
      envelope = this.options.toIntegrationEvent(event);
    } catch (error) {
      await this.park(event, error, control);
      return;
    }
    if (!envelope) return;
    const published = envelope;
    const outcome = await retryWithBackoff(() => this.publish(published), {
      policy: this.options.retry ?? PUBLISH_RETRY,
      signal: control.signal,
      onFailure: (error, failures, delayMs) => {
        control.setStatus(
          'retrying',
          `cannot publish event ${event.id} (${failures} failure(s), next try in ${Math.round(delayMs)} ms): ${describeError(error)}`,
        );
        logger.warn('publish failed, retrying', { eventId: event.id, failures, error });
      },
    });
    if (outcome.kind !== 'done') return;
    control.setStatus('running');
    this.options.afterPublish?.(published);
  }

  private async publish(envelope: EventEnvelope): Promise<void> {
    await this.options.bus.publish(subjectFor(envelope.type), encodeEnvelope(envelope), { msgId: envelope.id });
  }

  private async park(event: RecordedEvent, error: unknown, control: FollowerControl): Promise<void> {
    const reason = describeError(error);
    this.options.logger.error('parked an event the outbox cannot publish', { eventId: event.id, reason });
    const { streamId, revision, position, type } = event;
    await retryWithBackoff(
      () =>
        this.parked.park({
          reason,
          attempts: 1,
          subject: { kind: 'event', eventId: event.id, streamId, revision, position, type },
        }),
      {
        policy: PUBLISH_RETRY,
        signal: control.signal,
        onFailure: (parkError) =>
          control.setStatus('retrying', `cannot park event ${event.id}: ${describeError(parkError)}`),
      },
    );
  }

  private async replay(item: ParkedItem): Promise<void> {
    const { subject } = item;
    if (subject.kind !== 'event') throw new Error(`the outbox cannot replay a parked ${subject.kind}`);
    const [event] = await this.options.store.readStream(subject.streamId, { fromRevision: subject.revision });
    if (!event || event.id !== subject.eventId) throw new Error(`event ${subject.eventId} is not in the store`);
    const envelope = this.options.toIntegrationEvent(event);
    if (envelope) await this.publish(envelope);
  }
}

/** Starts a service's outbox relay. */
export function startOutboxRelay(options: OutboxRelayOptions): Promise<OutboxRelay> {
  return OutboxRelay.start(options);
}

/**
 * The integration event a recorded event publishes, at the definition's current version, with
 * `data` as given (already stripped of secrets).
 */
export function envelopeOf<Type extends string, Data>(
  event: RecordedEvent,
  definition: EventDefinition<Type, Data>,
  data: NoInfer<Data>,
): EventEnvelope<Data> {
  return { ...recordedEnvelope(event), type: definition.type, version: definition.version, data };
}

const encoder = new TextEncoder();
export function encodeEnvelope(envelope: EventEnvelope): Uint8Array {
  return encoder.encode(JSON.stringify(envelope));
}

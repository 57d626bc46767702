import { subjectFor, type EventDefinition, type EventEnvelope } from '@brandloom/proto-events';
import type { Bus } from '../bus/port.js';
import type { EventStore, RecordedEvent, Subscription } from '../event-store/port.js';
import type { Logger } from '../log/logger.js';
import { retryUntilStopped } from '../retry.js';

export interface OutboxRelayOptions {
  store: EventStore;
  bus: Bus;
  /** Maps a recorded event to the integration event it publishes, or null for internal ones. */
  toIntegrationEvent: (event: RecordedEvent) => EventEnvelope | null;
  logger: Logger;
  checkpointName?: string;
  /** Fault injection for tests: runs after a publish, before the checkpoint moves. */
  afterPublish?: (envelope: EventEnvelope) => void;
}

/**
 * Publishes a service's integration events from its own store. The service only ever appends;
 * this relay tails the store from a checkpoint kept in the same store, so a crash between
 * append and publish loses nothing. A crash after publish but before the checkpoint moves
 * republishes the event with the same message id, which the bus and the consumer's inbox drop.
 */
export async function startOutboxRelay(options: OutboxRelayOptions): Promise<Subscription> {
  const { store, bus, toIntegrationEvent, logger, afterPublish } = options;
  const checkpointName = options.checkpointName ?? 'outbox';
  const after = (await store.getCheckpoint(checkpointName)) ?? undefined;
  let stopped = false;

  const subscription = store.subscribeToAll(
    after === undefined ? {} : { after },
    async (event) => {
      const envelope = toIntegrationEvent(event);
      if (!envelope) return;
      await retryUntilStopped(
        async () => {
          await bus.publish(subjectFor(envelope.type), encodeEnvelope(envelope), { msgId: envelope.id });
        },
        () => stopped,
        (error, attempt) => logger.warn('publish failed, retrying', { eventId: envelope.id, attempt, error }),
      );
      if (stopped) return;
      afterPublish?.(envelope);
      await store.setCheckpoint(checkpointName, event.position);
    },
    (error) => logger.error('outbox relay stopped', { error }),
  );
  return {
    caughtUp: subscription.caughtUp,
    async stop() {
      stopped = true;
      await subscription.stop();
    },
  };
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
  return {
    id: event.id,
    type: definition.type,
    version: definition.version,
    streamId: event.streamId,
    revision: event.revision,
    position: event.position,
    occurredAt: event.metadata.occurredAt,
    tenantId: event.metadata.tenantId,
    correlationId: event.metadata.correlationId,
    causationId: event.metadata.causationId,
    data,
  };
}

const encoder = new TextEncoder();
export function encodeEnvelope(envelope: EventEnvelope): Uint8Array {
  return encoder.encode(JSON.stringify(envelope));
}

import { contextOf, type EventRegistry } from '@brandloom/proto-events';
import type { Bus, Consumer } from '../bus/port.js';
import type { EventStore } from '../event-store/port.js';
import type { Logger } from '../log/logger.js';

export interface InboxOptions {
  store: EventStore;
  bus: Bus;
  registry: EventRegistry;
  /** `billing-inbox`: one durable consumer per (service, purpose). */
  durable: string;
  subjects: readonly string[];
  logger: Logger;
  ackWaitMs?: number;
}

/** Stream of a consumer's copies of another context's events: `inbox-identity`. */
export const inboxStreamOf = (eventType: string): string => `inbox-${contextOf(eventType)}`;

const RETRY_DELAY_MS = 1000;
const decoder = new TextDecoder();

/**
 * Copies foreign events into the service's own store before acknowledging them, so everything
 * the service knows is a function of its own store. The copy keeps the event's id, which makes a
 * redelivered message a no-op. A message that is not a valid, known event is terminated: retrying
 * it could never succeed.
 */
export async function startInbox(options: InboxOptions): Promise<Consumer> {
  const { store, bus, registry, logger } = options;
  return bus.consume(
    {
      durable: options.durable,
      subjects: options.subjects,
      ...(options.ackWaitMs ? { ackWaitMs: options.ackWaitMs } : {}),
    },
    async (message) => {
      let envelope;
      try {
        envelope = registry.parse(JSON.parse(decoder.decode(message.data)));
      } catch (error) {
        logger.error('dropping an invalid integration event', {
          subject: message.subject,
          msgId: message.msgId,
          error,
        });
        message.term();
        return;
      }
      try {
        await store.appendToStream(
          inboxStreamOf(envelope.type),
          [
            {
              id: envelope.id,
              type: envelope.type,
              version: envelope.version,
              data: envelope.data,
              metadata: {
                tenantId: envelope.tenantId,
                correlationId: envelope.correlationId,
                causationId: envelope.causationId,
                occurredAt: envelope.occurredAt,
              },
            },
          ],
          { expectedRevision: 'any' },
        );
        await message.ack();
      } catch (error) {
        logger.warn('inbox append failed, will retry', { msgId: message.msgId, error });
        message.nak(RETRY_DELAY_MS);
      }
    },
  );
}

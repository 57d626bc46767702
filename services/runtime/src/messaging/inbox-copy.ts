import type { EventDefinition, EventEnvelope, EventRegistry, EnvelopeOf } from '@brandloom/proto-events';
import type { RecordedEvent } from '../event-store/port.js';

/** A foreign event as its inbox copy recorded it: the published type, version and data. */
export function recordedEnvelope(event: RecordedEvent): EventEnvelope {
  return {
    id: event.id,
    type: event.type,
    version: event.version,
    streamId: event.streamId,
    revision: event.revision,
    position: event.position,
    occurredAt: event.metadata.occurredAt,
    tenantId: event.metadata.tenantId,
    correlationId: event.metadata.correlationId,
    causationId: event.metadata.causationId,
    data: event.data,
  };
}

/**
 * Reads an inbox copy through the registry, like any foreign event: validated and upcast to the
 * current version, typed by its definition.
 */
export function parseInboxCopy<Definition extends EventDefinition>(
  registry: EventRegistry<Definition>,
  event: RecordedEvent,
): EnvelopeOf<Definition> {
  return registry.parse(recordedEnvelope(event));
}

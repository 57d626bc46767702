import { billingEvents } from '@brandloom/proto-events';
import { envelopeOf, type RecordedEvent } from '@brandloom/runtime';

/** Billing publishes its trial starts as they are recorded. */
export function billingIntegrationEvent(recorded: RecordedEvent) {
  return recorded.type === billingEvents.TrialStarted
    ? envelopeOf(recorded, billingEvents.TrialStarted, 1, recorded.data)
    : null;
}

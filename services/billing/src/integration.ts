import { TrialStarted } from '@brandloom/proto-events';
import { billingCodec } from './events.js';
import { envelopeOf, type RecordedEvent } from '@brandloom/runtime';

/** Billing publishes its trial starts as they are recorded. */
export function billingIntegrationEvent(recorded: RecordedEvent) {
  if (recorded.type !== TrialStarted.type) return null;
  const event = billingCodec.decode(recorded);
  return event.type === TrialStarted.type ? envelopeOf(recorded, TrialStarted, event.data) : null;
}

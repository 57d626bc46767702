import { SubscriptionChanged, TrialStarted } from '@brandloom/proto-events';
import { billingCodec } from './events.js';
import { envelopeOf, type RecordedEvent } from '@brandloom/runtime';

/** Billing publishes its trial starts and, after every change, the whole plan. */
export function billingIntegrationEvent(recorded: RecordedEvent) {
  if (recorded.type !== TrialStarted.type && recorded.type !== SubscriptionChanged.type) return null;
  const event = billingCodec.decode(recorded);
  if (event.type === TrialStarted.type) return envelopeOf(recorded, TrialStarted, event.data);
  if (event.type === SubscriptionChanged.type) return envelopeOf(recorded, SubscriptionChanged, event.data);
  return null;
}

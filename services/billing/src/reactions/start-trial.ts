import { createIntegrationEventRegistry, UserRegistered } from '@brandloom/proto-events';
import {
  causedEventId,
  commandHandler,
  parseInboxCopy,
  type EventStore,
  type Reaction,
  type RecordedEvent,
} from '@brandloom/runtime';
import { billingCodec } from '../events.js';
import { subscriptionDecider, subscriptionStream } from '../subscriptions/subscription.js';

/** Every newly registered user gets a free trial, counted from registration. */
export function startTrialOnRegistration(store: EventStore, trialDays: number): Reaction {
  const registry = createIntegrationEventRegistry();
  const subscriptions = commandHandler({ store, codec: billingCodec, decider: subscriptionDecider });
  return {
    name: 'start-trial-on-registration',
    categories: ['inbox'],
    handles: (event) => event.type === UserRegistered.type,
    async react(event: RecordedEvent) {
      const copy = parseInboxCopy(registry, event);
      if (copy.type !== UserRegistered.type) return;
      const registered = copy.data;
      await subscriptions.handle(
        subscriptionStream(registered.userId),
        { type: 'StartTrial', userId: registered.userId, registeredAt: registered.registeredAt, trialDays },
        {
          tenantId: registered.userId,
          correlationId: event.metadata.correlationId,
          causationId: event.id,
          occurredAt: event.metadata.occurredAt,
          eventId: (index) => causedEventId(event.id, index),
        },
      );
    },
  };
}

import { createIntegrationEventRegistry, identityEvents, type UserRegistered } from '@brandloom/proto-events';
import {
  causedEventId,
  commandHandler,
  envelopeOf,
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
    handles: (event) => event.type === identityEvents.UserRegistered,
    async react(event: RecordedEvent) {
      // The inbox copy is validated and upcast like any foreign event.
      const { data } = registry.parse(envelopeOf(event, event.type, event.version, event.data));
      // The registry validated the data against the latest UserRegistered schema.
      const registered = data as UserRegistered;
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

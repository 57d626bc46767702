import { EventRegistry } from './registry.js';
import { identityEvents, userRegisteredV1, userRegisteredV2 } from './identity.js';
import { billingEvents, trialStartedV1 } from './billing.js';

export * from './envelope.js';
export * from './subjects.js';
export * from './registry.js';
export * from './identity.js';
export * from './billing.js';

/** Every integration event Brandloom publishes, with the upcasters of its older versions. */
export function createIntegrationEventRegistry(): EventRegistry {
  return new EventRegistry()
    .register({
      type: identityEvents.UserRegistered,
      version: 1,
      schema: userRegisteredV1,
      upcast: (data) => ({ ...data, isAdmin: false }),
    })
    .register({ type: identityEvents.UserRegistered, version: 2, schema: userRegisteredV2 })
    .register({ type: billingEvents.TrialStarted, version: 1, schema: trialStartedV1 });
}

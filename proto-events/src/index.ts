import { EventRegistry, type EnvelopeOf } from './registry.js';
import { identityEvents } from './identity.js';
import { billingEvents } from './billing.js';
import { contentEvents } from './content.js';
import { schedulingEvents } from './scheduling.js';
import { publishingEvents } from './publishing.js';

export * from './envelope.js';
export * from './subjects.js';
export * from './registry.js';
export * from './identity.js';
export * from './billing.js';
export * from './content.js';
export * from './scheduling.js';
export * from './publishing.js';

/** Every context's published events. A new context adds its `defineContext(…)` here. */
const contexts = [identityEvents, billingEvents, contentEvents, schedulingEvents, publishingEvents] as const;

type AnyIntegrationEventDefinition = (typeof contexts)[number]['events'][number];

/** Any integration event Brandloom publishes, upcast to its current version. */
export type IntegrationEvent = EnvelopeOf<AnyIntegrationEventDefinition>;

/** Every integration event Brandloom publishes, with the upcasters of its older versions. */
export function createIntegrationEventRegistry(): EventRegistry<AnyIntegrationEventDefinition> {
  return new EventRegistry<AnyIntegrationEventDefinition>(contexts);
}

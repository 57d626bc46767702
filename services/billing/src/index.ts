import { readFileSync } from 'node:fs';
import { parse } from 'graphql';
import { subjectsOfContext } from '@brandloom/proto-events';
import type { ServiceInfrastructure, ServiceModule } from '@brandloom/runtime';
import { billingIntegrationEvent } from './integration.js';
import { startTrialOnRegistration } from './reactions/start-trial.js';
import { SubscriptionsReadModel } from './read-models/subscriptions.js';
import { billingResolvers } from './resolvers.js';

export const billingTypeDefs = parse(readFileSync(new URL('../src/schema.graphql', import.meta.url), 'utf8'));

export interface BillingSettings {
  trialDays: number;
}

/** Plans, trials and (in later slices) Stripe subscriptions. */
export function createBillingService(infrastructure: ServiceInfrastructure, settings: BillingSettings): ServiceModule {
  const subscriptions = new SubscriptionsReadModel();
  return {
    name: 'billing',
    subgraph: {
      name: 'billing',
      typeDefs: billingTypeDefs,
      resolvers: billingResolvers(subscriptions, settings.trialDays, infrastructure.now),
    },
    projections: [subscriptions],
    reactions: [startTrialOnRegistration(infrastructure.store, settings.trialDays)],
    consumes: [subjectsOfContext('identity')],
    toIntegrationEvent: billingIntegrationEvent,
  };
}
export { billingSettingsSchema } from './settings.js';

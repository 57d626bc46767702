import { subjectsOfContext } from '@brandloom/proto-events';
import { defineService } from '@brandloom/runtime';
import { contract } from './contract.js';
import { billingIntegrationEvent } from './integration.js';
import { startTrialOnRegistration } from './reactions/start-trial.js';
import { SubscriptionsReadModel } from './read-models/subscriptions.js';
import { billingResolvers } from './resolvers.js';
import { billingSettingsSchema } from './settings.js';

export interface BillingSettings {
  trialDays: number;
}

/** Plans, trials and (in later slices) Stripe subscriptions. */
export const service = defineService({
  name: 'billing',
  settingsSchema: billingSettingsSchema,
  create(infrastructure, settings) {
    const subscriptions = new SubscriptionsReadModel();
    return {
      name: 'billing',
      subgraph: {
        name: 'billing',
        typeDefs: contract.typeDefs,
        resolvers: billingResolvers(subscriptions, settings.trialDays, infrastructure.now),
      },
      projections: [subscriptions],
      reactions: [startTrialOnRegistration(infrastructure.store, settings.trialDays)],
      consumes: [subjectsOfContext('identity')],
      toIntegrationEvent: billingIntegrationEvent,
    };
  },
});

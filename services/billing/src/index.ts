import { subjectsOfContext } from '@brandloom/proto-events';
import { defineService } from '@brandloom/runtime';
import { contract } from './contract.js';
import { billingIntegrationEvent } from './integration.js';
import { startTrialOnRegistration } from './reactions/start-trial.js';
import { AccountsReadModel } from './read-models/accounts.js';
import { SubscriptionsReadModel } from './read-models/subscriptions.js';
import { billingResolvers } from './resolvers.js';
import { billingSettingsSchema } from './settings.js';
import { stripePayments } from './stripe/payments.js';
import { ExpiryTimer } from './subscriptions/expiry-timer.js';
import { planActions } from './subscriptions/plan-actions.js';

export type { BillingSettings } from './settings.js';

/** Plans, trials, Stripe subscriptions and the admin's plan actions. */
export const service = defineService({
  name: 'billing',
  settingsSchema: billingSettingsSchema,
  create(infrastructure, settings) {
    const { store, readModels, now, logger } = infrastructure;
    const subscriptions = new SubscriptionsReadModel();
    const accounts = new AccountsReadModel();
    const payments = stripePayments({
      store,
      readModels,
      now,
      logger,
      stripe: settings.stripe,
      publicOrigin: settings.publicOrigin,
    });
    return {
      name: 'billing',
      subgraph: {
        name: 'billing',
        typeDefs: contract.typeDefs,
        resolvers: billingResolvers({
          subscriptions,
          accounts,
          payments,
          planActions: planActions({ store, readModels, accounts, now }),
          trialDays: settings.trialDays,
          now,
        }),
      },
      projections: [subscriptions, accounts],
      reactions: [startTrialOnRegistration(store, settings.trialDays)],
      consumes: [subjectsOfContext('identity')],
      toIntegrationEvent: billingIntegrationEvent,
      background: [
        () =>
          new ExpiryTimer({ store, subscriptions, now, logger, intervalMs: settings.expiryCheckIntervalMs }).start(),
      ],
    };
  },
});

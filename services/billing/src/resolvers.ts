import type { SubgraphContext, SubgraphDefinition } from '@brandloom/runtime';
import type { SubscriptionsReadModel } from './read-models/subscriptions.js';

type Resolvers = SubgraphDefinition['resolvers'];
interface UserReference {
  id: string;
}

export function billingResolvers(subscriptions: SubscriptionsReadModel, trialDays: number, now: () => Date): Resolvers {
  /**
   * Billing learns of a registration through the bus, a moment after the account exists; until
   * then it knows no plan and says so (null). The trial comes only from the registration event,
   * so a broken pipeline shows instead of being papered over.
   */
  const planOf = (user: UserReference) => subscriptions.get(user.id) ?? null;

  return {
    Query: {
      trialDays: () => trialDays,
    },
    User: {
      __resolveReference: (reference: UserReference, context: SubgraphContext) => {
        const { userId, isAdmin } = context.caller;
        return userId === reference.id || isAdmin ? reference : null;
      },
      subscriptionTier: (user: UserReference) => planOf(user)?.tier ?? null,
      subscriptionStatus: (user: UserReference) => {
        const plan = planOf(user);
        if (!plan?.trialEndsAt) return null;
        return Date.parse(plan.trialEndsAt) > now().getTime() ? 'trial' : 'expired';
      },
      trialEndsAt: (user: UserReference) => planOf(user)?.trialEndsAt ?? null,
      subscriptionEndsAt: (user: UserReference) => planOf(user)?.subscriptionEndsAt ?? null,
    },
  };
}

import type { SubgraphContext, SubgraphDefinition } from '@brandloom/runtime';
import type { SubscriptionsReadModel, SubscriptionView } from './read-models/subscriptions.js';
import { trialEnd } from './subscriptions/subscription.js';

type Resolvers = SubgraphDefinition['resolvers'];
interface UserReference {
  id: string;
  createdAt?: string;
}

export function billingResolvers(subscriptions: SubscriptionsReadModel, trialDays: number, now: () => Date): Resolvers {
  /**
   * Billing learns of a registration through the bus, a moment after the account exists. Until
   * then the plan is the trial that registration is about to start, computed from the same facts.
   */
  const planOf = (user: UserReference): SubscriptionView | null =>
    subscriptions.get(user.id) ??
    (user.createdAt
      ? { userId: user.id, tier: null, trialEndsAt: trialEnd(user.createdAt, trialDays), subscriptionEndsAt: null }
      : null);

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

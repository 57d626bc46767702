import { DomainError, type SubgraphContext, type SubgraphDefinition } from '@brandloom/runtime';
import { daysRemaining, plans, promotionalPro, yearlyPerMonth, yearlySavings } from './plans/plans.js';
import type { AccountsReadModel } from './read-models/accounts.js';
import type { SubscriptionsReadModel, SubscriptionView } from './read-models/subscriptions.js';
import type { PlanActions } from './subscriptions/plan-actions.js';
import type { StripePayments } from './stripe/payments.js';

type Resolvers = SubgraphDefinition['resolvers'];
interface UserReference {
  id: string;
}

interface BillingUser extends UserReference {
  plan: SubscriptionView | null;
}

export interface BillingResolverDependencies {
  subscriptions: SubscriptionsReadModel;
  accounts: AccountsReadModel;
  payments: StripePayments;
  planActions: PlanActions;
  trialDays: number;
  now: () => Date;
}

export function requireAdmin(context: SubgraphContext): string {
  const { userId, isAdmin } = context.caller;
  if (!userId) throw new DomainError('Please sign in first', 'UNAUTHENTICATED');
  if (!isAdmin) throw new DomainError('Only the master admin can do this', 'FORBIDDEN');
  return userId;
}

export function billingResolvers(deps: BillingResolverDependencies): Resolvers {
  const { subscriptions, payments, planActions, trialDays, now } = deps;
  /**
   * Billing learns of a registration through the bus, a moment after the account exists; until
   * then it knows no plan and says so (null). The trial comes only from the registration event,
   * so a broken pipeline shows instead of being papered over. The plan is read once per user,
   * not once per field.
   */
  const billingUser = (id: string): BillingUser => ({ id, plan: subscriptions.get(id) ?? null });
  /** The recorded status, or expired once its end has passed and the timer has not yet recorded it. */
  const statusOf = (plan: SubscriptionView) =>
    plan.dueAt && Date.parse(plan.dueAt) <= now().getTime() ? 'expired' : plan.status;
  const onPaidPlan = (plan: SubscriptionView | null) =>
    plan !== null && (statusOf(plan) === 'active' || statusOf(plan) === 'canceled');

  return {
    Query: {
      trialDays: () => trialDays,
      me: (_: unknown, __: unknown, { caller }: SubgraphContext) => (caller.userId ? billingUser(caller.userId) : null),
      plans: () =>
        plans.map((plan) => ({
          ...plan,
          yearlyPricePerMonth: yearlyPerMonth(plan),
          yearlySavings: yearlySavings(plan),
        })),
      stripePublishableKey: () => payments.publishableKey(),
      planStats: (_: unknown, __: unknown, context: SubgraphContext) => {
        requireAdmin(context);
        return subscriptions.stats(now());
      },
    },
    Mutation: {
      createPaymentIntent: (_: unknown, args: { amount?: number | null }, context: SubgraphContext) =>
        payments.createPaymentIntent(args.amount, context.caller),
      createSubscription: (
        _: unknown,
        args: { planId?: string | null; priceId?: string | null; siteOrigin?: string | null },
        context: SubgraphContext,
      ) => payments.createSubscription(args.planId, args.priceId, args.siteOrigin ?? null, context.caller),
      cancelSubscription: async (_: unknown, __: unknown, context: SubgraphContext) => {
        await payments.cancelSubscription(context.caller);
        return { canceled: true };
      },
      stripeWebhook: async (_: unknown, args: { payload: string; signature?: string | null }) => {
        await payments.handleWebhook(args.payload, args.signature ?? null);
        return { received: true };
      },
      adminPlanAction: async (_: unknown, args: { userId: string; action: string }, context: SubgraphContext) => {
        const adminId = requireAdmin(context);
        await planActions.act(args.userId, args.action, adminId, context.caller.requestId);
        return { success: true, user: billingUser(args.userId) };
      },
    },
    User: {
      __resolveReference: (reference: UserReference, context: SubgraphContext) => {
        const { userId, isAdmin } = context.caller;
        return userId === reference.id || isAdmin ? billingUser(reference.id) : null;
      },
      subscriptionTier: (user: BillingUser) => user.plan?.tier ?? null,
      subscriptionStatus: ({ plan }: BillingUser) => (plan ? statusOf(plan) : null),
      trialEndsAt: (user: BillingUser) => user.plan?.trialEndsAt ?? null,
      subscriptionEndsAt: (user: BillingUser) => user.plan?.subscriptionEndsAt ?? null,
      trialDaysRemaining: ({ plan }: BillingUser) =>
        plan?.status === 'trial' ? daysRemaining(plan.trialEndsAt, now()) : null,
      isPromotionalPricing: (user: BillingUser) => !onPaidPlan(user.plan),
      promotional: (user: BillingUser) => ({
        isPromotional: !onPaidPlan(user.plan),
        daysRemaining: promotionalPro.daysRemaining,
      }),
      planHistory: (user: UserReference, _: unknown, context: SubgraphContext) =>
        context.caller.isAdmin ? subscriptions.actions(user.id) : [],
    },
  };
}

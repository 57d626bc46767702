import { defineEventCodec, type EventsOf } from '@brandloom/runtime';
import { subscriptionChangedV1, subscriptionTiers, trialStartedV1 } from '@brandloom/proto-events';
import { z } from 'zod';

const at = z.iso.datetime();
const userId = z.uuid();
export const billingPeriods = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

/**
 * Everything the billing service records about subscriptions. Each change on a subscription
 * stream is followed by `billing.SubscriptionChanged` with the whole plan after it, which is
 * what other services hear and what the read model folds.
 */
export const billingEventSchemas = {
  'billing.TrialStarted': trialStartedV1,
  'billing.SubscriptionChanged': subscriptionChangedV1,
  /** An admin gave a user in a trial more days. `by` is the admin's user id. */
  'billing.TrialExtended': z.object({ userId, trialEndsAt: at, by: userId, at }),
  /**
   * A plan became active: paid through Stripe (`by` null, the Stripe subscription named) or
   * granted by an admin (`by` the admin, no period end: a grant does not lapse).
   */
  'billing.SubscriptionActivated': z.object({
    userId,
    tier: z.enum(subscriptionTiers),
    period: z.enum(billingPeriods).nullable(),
    currentPeriodEndsAt: at.nullable(),
    stripeSubscriptionId: z.string().nullable(),
    by: userId.nullable(),
    at,
  }),
  /** An active subscription was paid for another period. */
  'billing.SubscriptionRenewed': z.object({ userId, currentPeriodEndsAt: at, at }),
  /** Canceled by its owner: access stays until the paid period ends. */
  'billing.SubscriptionCanceled': z.object({ userId, accessEndsAt: at.nullable(), at }),
  /** Access ended: the trial ran out, a canceled period ended, or Stripe deleted the subscription. */
  'billing.SubscriptionExpired': z.object({
    userId,
    reason: z.enum(['trial_ended', 'period_ended', 'subscription_deleted']),
    at,
  }),
  /** The user's Stripe customer, created once and reused. */
  'billing.StripeCustomerCreated': z.object({ userId, customerId: z.string(), at }),
  /** Money received for a user's plan, in whole cents. */
  'billing.PaymentReceived': z.object({ userId, amountCents: z.number().int().min(0), at }),
};

export const billingCodec = defineEventCodec(billingEventSchemas);
export type BillingEvent = EventsOf<typeof billingEventSchemas>;
export type BillingEventOf<Type extends BillingEvent['type']> = Extract<BillingEvent, { type: Type }>;

import { z } from 'zod';
import { defineContext, defineEvent } from './registry.js';

/** A free trial started for a newly registered user. */
export const trialStartedV1 = z.object({
  userId: z.uuid(),
  startedAt: z.iso.datetime(),
  trialEndsAt: z.iso.datetime(),
});

export type TrialStarted = z.infer<typeof trialStartedV1>;

export const TrialStarted = defineEvent('billing.TrialStarted', trialStartedV1);

export const subscriptionTiers = ['starter', 'professional', 'enterprise', 'agency'] as const;
export const subscriptionStatuses = ['trial', 'active', 'canceled', 'expired'] as const;

/**
 * A user's plan changed: upgraded, renewed, canceled, expired, a trial extended. Carries the whole
 * current plan (not a diff), so a consumer that missed one keeps the right picture from the next.
 * `tier` is null during the free trial.
 */
export const subscriptionChangedV1 = z.object({
  userId: z.uuid(),
  tier: z.enum(subscriptionTiers).nullable(),
  status: z.enum(subscriptionStatuses),
  trialEndsAt: z.iso.datetime().nullable(),
  /** The end of the paid period (access ends here once canceled). */
  currentPeriodEndsAt: z.iso.datetime().nullable(),
  changedAt: z.iso.datetime(),
});

export type SubscriptionChanged = z.infer<typeof subscriptionChangedV1>;

export const SubscriptionChanged = defineEvent('billing.SubscriptionChanged', subscriptionChangedV1);

/** What billing publishes. */
export const billingEvents = defineContext('billing', [TrialStarted, SubscriptionChanged]);

import { defineEventCodec, type EventsOf } from '@brandloom/runtime';
import { trialStartedV1 } from '@brandloom/proto-events';

/** Everything the billing service records about subscriptions. */
export const billingEventSchemas = {
  'billing.TrialStarted': trialStartedV1,
};

export const billingCodec = defineEventCodec(billingEventSchemas);
export type BillingEvent = EventsOf<typeof billingEventSchemas>;

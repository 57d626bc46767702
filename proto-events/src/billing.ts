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

/** What billing publishes. */
export const billingEvents = defineContext('billing', [TrialStarted]);

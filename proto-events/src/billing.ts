import { z } from 'zod';

/** A free trial started for a newly registered user. */
export const trialStartedV1 = z.object({
  userId: z.uuid(),
  startedAt: z.iso.datetime(),
  trialEndsAt: z.iso.datetime(),
});

export type TrialStarted = z.infer<typeof trialStartedV1>;

export const billingEvents = {
  TrialStarted: 'billing.TrialStarted',
} as const;

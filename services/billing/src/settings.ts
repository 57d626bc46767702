import { z } from 'zod';
import type { BillingSettings } from './index.js';

/** The billing service's settings from the environment. */
export const billingSettingsSchema: z.ZodType<BillingSettings> = z
  .object({ TRIAL_DAYS: z.coerce.number().int().min(1).max(365).default(7) })
  .transform((env) => ({ trialDays: env.TRIAL_DAYS }));

import { z } from 'zod';
import type { BillingPeriod } from './events.js';
import type { Tier } from './plans/plans.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string | null;
  /** Stripe's price id for each plan and period. */
  prices: Record<Tier, Record<BillingPeriod, string>>;
  /** Another Stripe API address (a local fake in tests); Stripe's own when null. */
  apiBase: URL | null;
}

export interface BillingSettings {
  trialDays: number;
  /** Null when STRIPE_SECRET_KEY is unset: the payment paths then answer 503 and the rest works. */
  stripe: StripeSettings | null;
  /** Where Stripe Checkout sends the browser back to; null: the site the request came from. */
  publicOrigin: string | null;
  /** How often the expiry timer looks for trials and periods that ended. */
  expiryCheckIntervalMs: number;
}

const optional = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);
const priceKeys = [
  'STRIPE_PRICE_STARTER_MONTHLY',
  'STRIPE_PRICE_STARTER_YEARLY',
  'STRIPE_PRICE_PROFESSIONAL_MONTHLY',
  'STRIPE_PRICE_PROFESSIONAL_YEARLY',
  'STRIPE_PRICE_ENTERPRISE_MONTHLY',
  'STRIPE_PRICE_ENTERPRISE_YEARLY',
  'STRIPE_PRICE_AGENCY_MONTHLY',
  'STRIPE_PRICE_AGENCY_YEARLY',
] as const;

/** The billing service's settings from the environment. */
export const billingSettingsSchema: z.ZodType<BillingSettings> = z
  .object({
    TRIAL_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    STRIPE_SECRET_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    STRIPE_PUBLISHABLE_KEY: optional.pipe(z.string().startsWith('pk_').optional()),
    STRIPE_API_BASE: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
    PUBLIC_ORIGIN: optional,
    BILLING_EXPIRY_CHECK_MS: z.coerce.number().int().min(10).max(3_600_000).default(10_000),
    ...Object.fromEntries(priceKeys.map((key) => [key, optional])),
  })
  .superRefine((env, context) => {
    if (!env.STRIPE_SECRET_KEY) return;
    const record = env as unknown as Record<string, string | undefined>;
    for (const key of ['STRIPE_WEBHOOK_SECRET', ...priceKeys]) {
      if (!record[key])
        context.addIssue({ code: 'custom', path: [key], message: 'is required when STRIPE_SECRET_KEY is set' });
    }
  })
  .transform((env) => {
    const record = env as unknown as Record<string, string | undefined>;
    const price = (tier: Tier, period: BillingPeriod) =>
      record[`STRIPE_PRICE_${tier.toUpperCase()}_${period.toUpperCase()}`]!;
    const pricesOf = (tier: Tier) => ({ monthly: price(tier, 'monthly'), yearly: price(tier, 'yearly') });
    return {
      trialDays: env.TRIAL_DAYS,
      stripe: env.STRIPE_SECRET_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
            prices: {
              starter: pricesOf('starter'),
              professional: pricesOf('professional'),
              enterprise: pricesOf('enterprise'),
              agency: pricesOf('agency'),
            },
            apiBase: env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null,
          }
        : null,
      // The first of a comma-separated PUBLIC_ORIGIN list is the site's own address.
      publicOrigin: env.PUBLIC_ORIGIN ? env.PUBLIC_ORIGIN.split(',')[0]!.trim().replace(/\/$/, '') : null,
      expiryCheckIntervalMs: env.BILLING_EXPIRY_CHECK_MS,
    };
  });

import type { BillingPeriod } from '../events.js';

export type Tier = 'starter' | 'professional' | 'enterprise' | 'agency';

export interface Plan {
  id: Tier;
  name: string;
  /** Whole dollars. */
  monthlyPrice: number;
  yearlyPrice: number;
  /** Posts a month; null is unlimited. */
  monthlyPostLimit: number | null;
  features: string[];
  limitations: string[];
  popular: boolean;
}

/** The plans-page table (spec §9). */
export const plans: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    monthlyPrice: 29,
    yearlyPrice: 290,
    monthlyPostLimit: 50,
    features: ['50 AI posts per month', 'Twitter, Instagram and Facebook', 'Basic scheduling', 'Basic analytics'],
    limitations: ['No TikTok', 'No auto-posting', 'No A/B testing'],
    popular: false,
  },
  {
    id: 'professional',
    name: 'Professional',
    monthlyPrice: 69,
    yearlyPrice: 690,
    monthlyPostLimit: 200,
    features: ['200 AI posts per month', 'All four platforms incl. TikTok', 'Auto-posting', 'Advanced analytics'],
    limitations: ['Single brand'],
    popular: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPrice: 129,
    yearlyPrice: 1290,
    monthlyPostLimit: 500,
    features: ['500 AI posts per month', 'Everything in Professional', 'A/B testing', 'Priority support'],
    limitations: [],
    popular: false,
  },
  {
    id: 'agency',
    name: 'Agency',
    monthlyPrice: 249,
    yearlyPrice: 2490,
    monthlyPostLimit: null,
    features: ['Unlimited AI posts', 'Everything in Enterprise', 'Multiple brands', 'Dedicated support'],
    limitations: [],
    popular: false,
  },
];

export const planById = (id: string): Plan | undefined => plans.find((plan) => plan.id === id);

/** The yearly price as a monthly figure, one twelfth rounded. */
export const yearlyPerMonth = (plan: Plan): number => Math.round(plan.yearlyPrice / 12);

/** What a year costs less than twelve months. */
export const yearlySavings = (plan: Plan): number => plan.monthlyPrice * 12 - plan.yearlyPrice;

export const priceOf = (plan: Plan, period: BillingPeriod): number =>
  period === 'monthly' ? plan.monthlyPrice : plan.yearlyPrice;

/**
 * The Subscription page's Pro card: the Professional tier at a promotional $49 a month, with
 * 14 days of promotion left by default (the spec's promotional notice).
 */
export const promotionalPro = { tier: 'professional' as const, monthlyPrice: 49, daysRemaining: 14 };

/** Whole days left until `endsAt`, rounded up, never below 0. */
export function daysRemaining(endsAt: string | null, now: Date): number {
  if (!endsAt) return 0;
  return Math.max(0, Math.ceil((Date.parse(endsAt) - now.getTime()) / 86_400_000));
}

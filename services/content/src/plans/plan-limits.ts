import { DomainError } from '@brandloom/runtime';
import type { SubscriptionChanged } from '@brandloom/proto-events';
import { tierAllowsAutoPosting } from '@brandloom/proto-events/forms';

export type Tier = NonNullable<SubscriptionChanged['tier']>;

/** What content knows of a user's plan, from billing's events. */
export interface PlanView {
  tier: Tier | null;
  status: SubscriptionChanged['status'];
  trialEndsAt: string | null;
}

/** AI posts a month per tier (spec §6, §9); null is unlimited. The free trial has 10. */
export const monthlyPostLimits: Record<Tier, number | null> = {
  starter: 50,
  professional: 200,
  enterprise: 500,
  agency: null,
};
export const TRIAL_POST_LIMIT = 10;

const tierNames: Record<Tier, string> = {
  starter: 'Starter',
  professional: 'Professional',
  enterprise: 'Enterprise',
  agency: 'Agency',
};

export interface PostAllowance {
  plan: string;
  /** null: unlimited. */
  limit: number | null;
}

/**
 * The month's allowance. A plan billing has not told content about yet is a new account's
 * trial (billing starts one for every registration); an ended trial with no paid tier allows
 * nothing.
 */
export function allowanceOf(plan: PlanView | null, now: Date): PostAllowance {
  if (!plan) return { plan: 'Free Trial', limit: TRIAL_POST_LIMIT };
  if (plan.tier && plan.status !== 'expired')
    return { plan: tierNames[plan.tier], limit: monthlyPostLimits[plan.tier] };
  const trialActive =
    plan.status === 'trial' && (plan.trialEndsAt === null || Date.parse(plan.trialEndsAt) > now.getTime());
  return trialActive ? { plan: 'Free Trial', limit: TRIAL_POST_LIMIT } : { plan: 'No Active Plan', limit: 0 };
}

/** Refuses one more generation over the allowance with a 402 that names the limit and the way up. */
export function assertWithinAllowance(allowance: PostAllowance, usedThisMonth: number): void {
  if (allowance.limit === null || usedThisMonth < allowance.limit) return;
  if (allowance.limit === 0) {
    throw new DomainError('Your free trial has ended. Subscribe to a plan to generate AI posts.', 'PAYMENT_REQUIRED');
  }
  throw new DomainError(
    `You have used all ${allowance.limit} AI posts of your ${allowance.plan} plan this month. Upgrade your plan to generate more.`,
    'PAYMENT_REQUIRED',
  );
}

/**
 * Whether the plan includes auto-posting (spec §6): a Professional, Enterprise or Agency plan
 * that has not expired (a canceled one runs to the end of its period). Never the trial.
 */
export function allowsAutoPosting(plan: PlanView | null): boolean {
  return plan !== null && plan.status !== 'expired' && tierAllowsAutoPosting(plan.tier);
}

// The .js extension lets this decider load in Node, where it is unit-tested.
import type { CurrentUser } from './user.js';

type PlanFields = Pick<CurrentUser, 'subscriptionTier' | 'subscriptionStatus'>;

const autoPostingTiers: readonly string[] = ['professional', 'enterprise', 'agency'];

/**
 * Whether the plan includes auto-posting (spec §6: Professional and above, never the free
 * trial). A canceled plan keeps its features until its period ends; the server is the judge of
 * the exact moment, this only decides what the screens promise.
 */
export function autoPostingAllowed(user: PlanFields): boolean {
  const paying = user.subscriptionStatus === 'active' || user.subscriptionStatus === 'canceled';
  return paying && user.subscriptionTier !== null && autoPostingTiers.includes(user.subscriptionTier);
}

/** 'the free trial', 'the Starter plan', 'no active plan'. */
export function planName(user: PlanFields): string {
  if (user.subscriptionStatus === 'trial' || user.subscriptionStatus === null) return 'the free trial';
  if (user.subscriptionStatus !== 'active' && user.subscriptionStatus !== 'canceled') return 'no active plan';
  const tier = user.subscriptionTier ?? 'starter';
  return `the ${tier[0]!.toUpperCase()}${tier.slice(1)} plan`;
}

/** What a screen says when the plan lacks auto-posting, naming the plan the user is on. */
export function autoPostingPlanMessage(user: PlanFields): string {
  return `Auto-posting needs the Professional plan or above; you are on ${planName(user)}.`;
}

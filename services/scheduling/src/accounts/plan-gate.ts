import type { SubscriptionChanged } from '@brandloom/proto-events';
import { AUTO_POSTING_PLAN_REQUIRED, tierAllowsAutoPosting } from '@brandloom/proto-events/forms';

/** What scheduling knows of an account, from billing's and identity's events. */
export interface AccountStanding {
  tier: SubscriptionChanged['tier'];
  status: SubscriptionChanged['status'];
  /** A canceled plan keeps its features until here. */
  currentPeriodEndsAt: string | null;
  /** False while the master admin has the account suspended. */
  active: boolean;
}

/** Before billing has told scheduling anything: a new account's trial. */
export const newAccountStanding: AccountStanding = {
  tier: null,
  status: 'trial',
  currentPeriodEndsAt: null,
  active: true,
};

/** One wording for the plan refusal, shared with content and the screens. */
export const AUTO_POSTING_NEEDS_PLAN = AUTO_POSTING_PLAN_REQUIRED;
export const SCHEDULER_NEEDS_PLAN =
  'The AI posting scheduler needs the Professional plan or above. Upgrade on Plans & Pricing.';

/**
 * Professional, Enterprise and Agency may auto-post and run the AI scheduler (spec §9); the
 * trial and Starter may not. A canceled plan may until its period ends; an expired one may not.
 */
export function mayAutoPost(standing: AccountStanding, now: Date): boolean {
  if (!tierAllowsAutoPosting(standing.tier)) return false;
  if (standing.status === 'active') return true;
  if (standing.status !== 'canceled') return false;
  return standing.currentPeriodEndsAt === null || Date.parse(standing.currentPeriodEndsAt) > now.getTime();
}

/** Why nothing of this account may fire now, or null: suspension first, then the plan. */
export function accountHold(standing: AccountStanding, now: Date): string | null {
  if (!standing.active) return 'The account is suspended';
  if (!mayAutoPost(standing, now)) {
    return standing.status === 'expired' ? 'The plan has expired' : 'The plan does not include auto-posting';
  }
  return null;
}

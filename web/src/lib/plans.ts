// The .js extension lets this decider load in Node, where it is unit-tested.
import { tierAllowsAutoPosting } from '@brandloom/proto-events/forms';
import type { CurrentUser } from './user.js';

export { AUTO_POSTING_PLAN_REQUIRED } from '@brandloom/proto-events/forms';

/**
 * Whether the plan includes auto-posting (spec §6: Professional and above, never the free
 * trial), by the services' own tier rule. A canceled plan keeps its features until its period
 * ends; the server judges the exact moment, this only decides what the screens promise.
 */
export function autoPostingAllowed(user: Pick<CurrentUser, 'subscriptionTier' | 'subscriptionStatus'>): boolean {
  const paying = user.subscriptionStatus === 'active' || user.subscriptionStatus === 'canceled';
  return paying && tierAllowsAutoPosting(user.subscriptionTier);
}

// The .js extension lets this decider load in Node, where it is unit-tested.
import type { CurrentUser } from '../../lib/user.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export type SubscriptionState =
  | { kind: 'trial'; daysLeft: number }
  | { kind: 'active'; tier: CurrentUser['subscriptionTier'] }
  | { kind: 'canceled'; accessEndsAt: Date }
  | { kind: 'required' };

/**
 * Whole days until the trial ends, rounded up and never below zero. With no end date on record
 * yet (billing is still setting the trial up), the whole trial is ahead: `trialDays`, as the
 * server counts it.
 */
export function trialDaysRemaining(trialEndsAt: string | null, now: number, trialDays: number): number {
  const endsAt = trialEndsAt ? Date.parse(trialEndsAt) : Number.NaN;
  if (Number.isNaN(endsAt)) return trialDays;
  return Math.max(0, Math.ceil((endsAt - now) / DAY_MS));
}

/**
 * What the subscription banner says. A null status means billing has not heard of the
 * registration yet: the trial is being set up, so the user is treated as at its start.
 */
export function subscriptionState(
  user: Pick<CurrentUser, 'subscriptionStatus' | 'subscriptionTier' | 'trialEndsAt' | 'subscriptionEndsAt'>,
  now: number,
  trialDays: number,
): SubscriptionState {
  switch (user.subscriptionStatus) {
    case 'active':
      return { kind: 'active', tier: user.subscriptionTier };
    case 'canceled': {
      const endsAt = user.subscriptionEndsAt ? Date.parse(user.subscriptionEndsAt) : Number.NaN;
      return endsAt > now ? { kind: 'canceled', accessEndsAt: new Date(endsAt) } : { kind: 'required' };
    }
    case 'trial':
    case null: {
      const daysLeft = trialDaysRemaining(user.trialEndsAt, now, trialDays);
      return daysLeft > 0 ? { kind: 'trial', daysLeft } : { kind: 'required' };
    }
    case 'expired':
      return { kind: 'required' };
  }
}

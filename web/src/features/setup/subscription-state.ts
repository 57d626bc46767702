import type { CurrentUser } from '../../lib/user';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Used when a trial has no end date on record (the sign-up trial length). */
export const DEFAULT_TRIAL_DAYS = 7;

export type SubscriptionState =
  | { kind: 'trial'; daysLeft: number }
  | { kind: 'active'; tier: CurrentUser['subscriptionTier'] }
  | { kind: 'canceled'; accessEndsAt: Date }
  | { kind: 'required' };

/** Whole days until the trial ends, rounded up and never below zero. */
export function trialDaysRemaining(trialEndsAt: string | null, now: number): number {
  if (!trialEndsAt) return DEFAULT_TRIAL_DAYS;
  const endsAt = Date.parse(trialEndsAt);
  if (Number.isNaN(endsAt)) return DEFAULT_TRIAL_DAYS;
  return Math.max(0, Math.ceil((endsAt - now) / DAY_MS));
}

export function subscriptionState(
  user: Pick<CurrentUser, 'subscriptionStatus' | 'subscriptionTier' | 'trialEndsAt' | 'subscriptionEndsAt'>,
  now: number,
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
      const daysLeft = trialDaysRemaining(user.trialEndsAt, now);
      return daysLeft > 0 ? { kind: 'trial', daysLeft } : { kind: 'required' };
    }
    default:
      return { kind: 'required' };
  }
}

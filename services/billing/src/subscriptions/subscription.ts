import type { Decider } from '@brandloom/runtime';
import type { BillingEvent } from '../events.js';

export const subscriptionStream = (userId: string): string => `subscription-${userId}`;

export type SubscriptionState = { status: 'none' } | { status: 'trial'; startedAt: string; trialEndsAt: string };

export type SubscriptionCommand = {
  type: 'StartTrial';
  userId: string;
  /** The trial runs from registration, whenever billing hears of it. */
  registeredAt: string;
  trialDays: number;
};

export const subscriptionDecider: Decider<SubscriptionCommand, BillingEvent, SubscriptionState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    if (state.status !== 'none') return [];
    return [
      {
        type: 'billing.TrialStarted',
        data: {
          userId: command.userId,
          startedAt: command.registeredAt,
          trialEndsAt: trialEnd(command.registeredAt, command.trialDays),
        },
      },
    ];
  },
  evolve: (_state, event) => ({
    status: 'trial',
    startedAt: event.data.startedAt,
    trialEndsAt: event.data.trialEndsAt,
  }),
};

export function trialEnd(startedAt: string, trialDays: number): string {
  return new Date(Date.parse(startedAt) + trialDays * 86_400_000).toISOString();
}

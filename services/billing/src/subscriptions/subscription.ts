import { DomainError, type Decider } from '@brandloom/runtime';
import type { BillingEvent, BillingEventOf, BillingPeriod } from '../events.js';
import type { Tier } from '../plans/plans.js';

export const subscriptionStream = (userId: string): string => `subscription-${userId}`;

export type SubscriptionStatus = 'trial' | 'active' | 'canceled' | 'expired';

export interface Plan {
  userId: string;
  status: SubscriptionStatus;
  /** Null during the free trial and for a trial that ran out. */
  tier: Tier | null;
  period: BillingPeriod | null;
  trialEndsAt: string | null;
  /** When the paid period ends; null for an admin's grant, which does not lapse. */
  currentPeriodEndsAt: string | null;
  stripeSubscriptionId: string | null;
}

export type SubscriptionState =
  { status: 'none'; stripeCustomerId: string | null } | (Plan & { stripeCustomerId: string | null });

/** An admin's extension of a trial. */
export const TRIAL_EXTENSION_DAYS = 7;

export type SubscriptionCommand =
  | {
      type: 'StartTrial';
      userId: string;
      /** The trial runs from registration, whenever billing hears of it. */
      registeredAt: string;
      trialDays: number;
    }
  | { type: 'ExtendTrial'; by: string; at: string }
  | { type: 'GrantProfessional'; by: string; at: string }
  | {
      type: 'ActivatePaidPlan';
      userId: string;
      tier: Tier;
      period: BillingPeriod;
      currentPeriodEndsAt: string;
      stripeSubscriptionId: string;
      at: string;
    }
  | { type: 'Cancel'; at: string }
  | { type: 'EndSubscription'; at: string }
  /** The durable timer's command: records the end of a trial or a canceled period once due. */
  | { type: 'ExpireIfDue'; at: string }
  | { type: 'RecordStripeCustomer'; userId: string; customerId: string; at: string }
  | { type: 'RecordPayment'; userId: string; amountCents: number; at: string };

const days = (from: string, count: number) => new Date(Date.parse(from) + count * 86_400_000).toISOString();
export const trialEnd = (startedAt: string, trialDays: number): string => days(startedAt, trialDays);

/**
 * A user's subscription: trial → active → canceled (access kept to the period's end) → expired,
 * and trial → expired when the trial runs out. Every change is followed by
 * `billing.SubscriptionChanged` carrying the whole plan after it.
 */
export const subscriptionDecider: Decider<SubscriptionCommand, BillingEvent, SubscriptionState> = {
  initialState: () => ({ status: 'none', stripeCustomerId: null }),

  decide(command, state) {
    const changes = decideChanges(command, state);
    return changes.length ? withSnapshot(state, changes, atOf(command)) : changes;
  },

  evolve(state, event) {
    const { stripeCustomerId } = state;
    if (event.type === 'billing.StripeCustomerCreated') return { ...state, stripeCustomerId: event.data.customerId };
    if (event.type === 'billing.TrialStarted') {
      const { userId, trialEndsAt } = event.data;
      return { ...blankPlan(userId), status: 'trial', trialEndsAt, stripeCustomerId };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'billing.TrialExtended':
        return { ...state, trialEndsAt: event.data.trialEndsAt };
      case 'billing.SubscriptionActivated': {
        const { tier, period, currentPeriodEndsAt, stripeSubscriptionId } = event.data;
        return { ...state, status: 'active', tier, period, currentPeriodEndsAt, stripeSubscriptionId };
      }
      case 'billing.SubscriptionRenewed':
        return { ...state, status: 'active', currentPeriodEndsAt: event.data.currentPeriodEndsAt };
      case 'billing.SubscriptionCanceled':
        return {
          ...state,
          status: 'canceled',
          currentPeriodEndsAt: event.data.accessEndsAt ?? state.currentPeriodEndsAt,
        };
      case 'billing.SubscriptionExpired':
        return { ...state, status: 'expired' };
      default:
        return state;
    }
  },
};

function atOf(command: SubscriptionCommand): string {
  return command.type === 'StartTrial' ? command.registeredAt : command.at;
}

function blankPlan(userId: string): Plan {
  return {
    userId,
    status: 'trial',
    tier: null,
    period: null,
    trialEndsAt: null,
    currentPeriodEndsAt: null,
    stripeSubscriptionId: null,
  };
}

function decideChanges(command: SubscriptionCommand, state: SubscriptionState): BillingEvent[] {
  switch (command.type) {
    case 'StartTrial':
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
    case 'RecordStripeCustomer':
      // Created once: a second customer for the same user is never recorded.
      return state.stripeCustomerId
        ? []
        : [
            {
              type: 'billing.StripeCustomerCreated',
              data: { userId: command.userId, customerId: command.customerId, at: command.at },
            },
          ];
    case 'RecordPayment':
      return [
        {
          type: 'billing.PaymentReceived',
          data: { userId: command.userId, amountCents: command.amountCents, at: command.at },
        },
      ];
    case 'ActivatePaidPlan': {
      const { userId, tier, period, currentPeriodEndsAt, stripeSubscriptionId, at } = command;
      const known =
        (state.status === 'active' || state.status === 'canceled') &&
        state.stripeSubscriptionId === stripeSubscriptionId;
      if (known) {
        // The same subscription paid again: a later period renews it, an earlier or equal one is old news.
        if (state.currentPeriodEndsAt && currentPeriodEndsAt <= state.currentPeriodEndsAt) return [];
        return [{ type: 'billing.SubscriptionRenewed', data: { userId, currentPeriodEndsAt, at } }];
      }
      return [
        {
          type: 'billing.SubscriptionActivated',
          data: { userId, tier, period, currentPeriodEndsAt, stripeSubscriptionId, by: null, at },
        },
      ];
    }
  }
  if (state.status === 'none') throw new DomainError('This user has no subscription yet', 'NOT_FOUND');
  const { userId } = state;
  switch (command.type) {
    case 'ExtendTrial':
      if (state.status !== 'trial') throw new DomainError('Only a trial can be extended', 'CONFLICT');
      return [
        {
          type: 'billing.TrialExtended',
          data: {
            userId,
            // Counted from the later of the trial's end and now: an extension always adds days ahead.
            trialEndsAt: days(later(state.trialEndsAt ?? command.at, command.at), TRIAL_EXTENSION_DAYS),
            by: command.by,
            at: command.at,
          },
        },
      ];
    case 'GrantProfessional':
      if (state.status === 'active') throw new DomainError('This subscription is already active', 'CONFLICT');
      return [
        {
          type: 'billing.SubscriptionActivated',
          data: {
            userId,
            tier: 'professional',
            period: null,
            currentPeriodEndsAt: null,
            stripeSubscriptionId: null,
            by: command.by,
            at: command.at,
          },
        },
      ];
    case 'Cancel':
      if (state.status !== 'active') throw new DomainError('There is no active subscription to cancel', 'CONFLICT');
      return [
        {
          type: 'billing.SubscriptionCanceled',
          // An admin's grant has no paid period: cancelling it ends access now.
          data: { userId, accessEndsAt: state.currentPeriodEndsAt ?? command.at, at: command.at },
        },
      ];
    case 'EndSubscription':
      if (state.status !== 'active' && state.status !== 'canceled') return [];
      return [
        { type: 'billing.SubscriptionExpired', data: { userId, reason: 'subscription_deleted', at: command.at } },
      ];
    case 'ExpireIfDue': {
      const due = dueAt(state);
      if (!due || due > command.at) return [];
      const reason = state.status === 'trial' ? 'trial_ended' : 'period_ended';
      return [{ type: 'billing.SubscriptionExpired', data: { userId, reason, at: command.at } }];
    }
    default:
      return unreachable(command);
  }
}

/**
 * When the plan ends by itself, if it does: a trial at its end, a canceled subscription at the
 * end of the period paid for. An active subscription ends only when Stripe says so.
 */
export function dueAt(plan: Pick<Plan, 'status' | 'trialEndsAt' | 'currentPeriodEndsAt'>): string | null {
  if (plan.status === 'trial') return plan.trialEndsAt;
  if (plan.status === 'canceled') return plan.currentPeriodEndsAt;
  return null;
}

/** The changes, then the whole plan after them, as other services hear it. */
function withSnapshot(state: SubscriptionState, changes: BillingEvent[], at: string): BillingEvent[] {
  const after = changes.reduce(subscriptionDecider.evolve, state);
  if (after.status === 'none') return changes;
  const snapshot: BillingEventOf<'billing.SubscriptionChanged'> = {
    type: 'billing.SubscriptionChanged',
    data: {
      userId: after.userId,
      tier: after.tier,
      status: after.status,
      trialEndsAt: after.trialEndsAt,
      currentPeriodEndsAt: after.currentPeriodEndsAt,
      changedAt: at,
    },
  };
  const planChanged = changes.some(
    (event) => event.type !== 'billing.StripeCustomerCreated' && event.type !== 'billing.PaymentReceived',
  );
  return planChanged ? [...changes, snapshot] : changes;
}

const later = (a: string, b: string) => (a > b ? a : b);

function unreachable(value: never): never {
  throw new Error(`Unhandled ${JSON.stringify(value)}`);
}

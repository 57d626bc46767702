import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@brandloom/runtime/testing';
import { DomainError } from '@brandloom/runtime';
import { subscriptionDecider, type SubscriptionCommand } from './subscription.js';
import type { BillingEvent } from '../events.js';

const spec = deciderSpec(subscriptionDecider);
const userId = '44444444-4444-4444-8444-444444444444';
const adminId = '55555555-5555-4555-8555-555555555555';
const startTrial = { type: 'StartTrial' as const, userId, registeredAt: '2026-11-25T10:00:00.000Z', trialDays: 7 };
const trialStarted: BillingEvent = {
  type: 'billing.TrialStarted',
  data: { userId, startedAt: '2026-11-25T10:00:00.000Z', trialEndsAt: '2026-12-02T10:00:00.000Z' },
};
const plan = (status: 'trial' | 'active' | 'canceled' | 'expired', changedAt: string, more: object = {}) => ({
  type: 'billing.SubscriptionChanged' as const,
  data: {
    userId,
    tier: null,
    status,
    trialEndsAt: '2026-12-02T10:00:00.000Z',
    currentPeriodEndsAt: null,
    changedAt,
    ...more,
  },
});
const paid: SubscriptionCommand = {
  type: 'ActivatePaidPlan',
  userId,
  tier: 'enterprise',
  period: 'monthly',
  currentPeriodEndsAt: '2026-12-27T10:00:00.000Z',
  stripeSubscriptionId: 'sub_1',
  at: '2026-11-27T10:00:00.000Z',
};
const activated: BillingEvent = {
  type: 'billing.SubscriptionActivated',
  data: {
    userId,
    tier: 'enterprise',
    period: 'monthly',
    currentPeriodEndsAt: '2026-12-27T10:00:00.000Z',
    stripeSubscriptionId: 'sub_1',
    by: null,
    at: '2026-11-27T10:00:00.000Z',
  },
};
const canceled: BillingEvent = {
  type: 'billing.SubscriptionCanceled',
  data: { userId, accessEndsAt: '2026-12-27T10:00:00.000Z', at: '2026-11-28T10:00:00.000Z' },
};

function refusal(given: BillingEvent[], command: SubscriptionCommand): DomainError {
  const state = given.reduce(subscriptionDecider.evolve, subscriptionDecider.initialState());
  try {
    subscriptionDecider.decide(command, state);
  } catch (error) {
    if (error instanceof DomainError) return error;
  }
  throw new Error('expected a refusal');
}

describe('a newly registered user', () => {
  it('starts a trial of the configured length, counted from registration, and publishes the plan', () => {
    spec
      .given([])
      .when(startTrial)
      .then([trialStarted, plan('trial', '2026-11-25T10:00:00.000Z')]);
  });
});

describe('a user in a trial', () => {
  it('does not start a second trial when the registration is heard again', () => {
    spec.given([trialStarted]).when(startTrial).thenNothingHappened();
  });

  it('is expired by the timer once the trial has ended, and not before', () => {
    spec.given([trialStarted]).when({ type: 'ExpireIfDue', at: '2026-12-02T09:59:59.000Z' }).thenNothingHappened();
    spec
      .given([trialStarted])
      .when({ type: 'ExpireIfDue', at: '2026-12-02T10:00:00.000Z' })
      .then([
        {
          type: 'billing.SubscriptionExpired',
          data: { userId, reason: 'trial_ended', at: '2026-12-02T10:00:00.000Z' },
        },
        plan('expired', '2026-12-02T10:00:00.000Z'),
      ]);
  });

  it('gets seven more days from an admin, recorded with who did it', () => {
    spec
      .given([trialStarted])
      .when({ type: 'ExtendTrial', by: adminId, at: '2026-11-26T10:00:00.000Z' })
      .then([
        {
          type: 'billing.TrialExtended',
          data: { userId, trialEndsAt: '2026-12-09T10:00:00.000Z', by: adminId, at: '2026-11-26T10:00:00.000Z' },
        },
        plan('trial', '2026-11-26T10:00:00.000Z', { trialEndsAt: '2026-12-09T10:00:00.000Z' }),
      ]);
  });

  it('pays through Stripe and becomes active on that tier', () => {
    spec
      .given([trialStarted])
      .when(paid)
      .then([
        activated,
        plan('active', '2026-11-27T10:00:00.000Z', {
          tier: 'enterprise',
          currentPeriodEndsAt: '2026-12-27T10:00:00.000Z',
        }),
      ]);
  });

  it('is upgraded to Professional by an admin, with no period to lapse', () => {
    spec
      .given([trialStarted])
      .when({ type: 'GrantProfessional', by: adminId, at: '2026-11-26T10:00:00.000Z' })
      .then([
        {
          type: 'billing.SubscriptionActivated',
          data: {
            userId,
            tier: 'professional',
            period: null,
            currentPeriodEndsAt: null,
            stripeSubscriptionId: null,
            by: adminId,
            at: '2026-11-26T10:00:00.000Z',
          },
        },
        plan('active', '2026-11-26T10:00:00.000Z', { tier: 'professional' }),
      ]);
  });

  it('cannot cancel: there is nothing paid to cancel', () => {
    expect(refusal([trialStarted], { type: 'Cancel', at: '2026-11-26T10:00:00.000Z' }).code).toBe('CONFLICT');
  });
});

describe('an active subscriber', () => {
  it('cannot have a trial extended or be upgraded again', () => {
    expect(
      refusal([trialStarted, activated], { type: 'ExtendTrial', by: adminId, at: '2026-11-28T10:00:00.000Z' }).code,
    ).toBe('CONFLICT');
    expect(
      refusal([trialStarted, activated], { type: 'GrantProfessional', by: adminId, at: '2026-11-28T10:00:00.000Z' })
        .code,
    ).toBe('CONFLICT');
  });

  it('renews when a later period is paid, and ignores an older or repeated one', () => {
    spec
      .given([trialStarted, activated])
      .when({ ...paid, currentPeriodEndsAt: '2027-01-27T10:00:00.000Z', at: '2026-12-27T10:00:00.000Z' })
      .then([
        {
          type: 'billing.SubscriptionRenewed',
          data: { userId, currentPeriodEndsAt: '2027-01-27T10:00:00.000Z', at: '2026-12-27T10:00:00.000Z' },
        },
        plan('active', '2026-12-27T10:00:00.000Z', {
          tier: 'enterprise',
          currentPeriodEndsAt: '2027-01-27T10:00:00.000Z',
        }),
      ]);
    spec.given([trialStarted, activated]).when(paid).thenNothingHappened();
  });

  it('cancels and keeps access until the period ends, then the timer expires it', () => {
    spec
      .given([trialStarted, activated])
      .when({ type: 'Cancel', at: '2026-11-28T10:00:00.000Z' })
      .then([
        canceled,
        plan('canceled', '2026-11-28T10:00:00.000Z', {
          tier: 'enterprise',
          currentPeriodEndsAt: '2026-12-27T10:00:00.000Z',
        }),
      ]);
    spec
      .given([trialStarted, activated, canceled])
      .when({ type: 'ExpireIfDue', at: '2026-12-20T10:00:00.000Z' })
      .thenNothingHappened();
    spec
      .given([trialStarted, activated, canceled])
      .when({ type: 'ExpireIfDue', at: '2026-12-27T10:00:00.000Z' })
      .then([
        {
          type: 'billing.SubscriptionExpired',
          data: { userId, reason: 'period_ended', at: '2026-12-27T10:00:00.000Z' },
        },
        plan('expired', '2026-12-27T10:00:00.000Z', {
          tier: 'enterprise',
          currentPeriodEndsAt: '2026-12-27T10:00:00.000Z',
        }),
      ]);
  });

  it('is not expired by the timer while active: Stripe ends a running subscription', () => {
    spec
      .given([trialStarted, activated])
      .when({ type: 'ExpireIfDue', at: '2027-06-01T10:00:00.000Z' })
      .thenNothingHappened();
  });
});

describe('a Professional plan granted by an admin', () => {
  const granted: BillingEvent = {
    type: 'billing.SubscriptionActivated',
    data: {
      userId,
      tier: 'professional',
      period: null,
      currentPeriodEndsAt: null,
      stripeSubscriptionId: null,
      by: adminId,
      at: '2026-11-26T10:00:00.000Z',
    },
  };

  it('ends at once when cancelled: there is no paid period to run out', () => {
    spec
      .given([trialStarted, granted])
      .when({ type: 'Cancel', at: '2026-11-28T10:00:00.000Z' })
      .then([
        {
          type: 'billing.SubscriptionCanceled',
          data: { userId, accessEndsAt: '2026-11-28T10:00:00.000Z', at: '2026-11-28T10:00:00.000Z' },
        },
        plan('canceled', '2026-11-28T10:00:00.000Z', {
          tier: 'professional',
          currentPeriodEndsAt: '2026-11-28T10:00:00.000Z',
        }),
      ]);
  });
});

describe('a Stripe customer', () => {
  it('is recorded once per user', () => {
    const created: BillingEvent = {
      type: 'billing.StripeCustomerCreated',
      data: { userId, customerId: 'cus_1', at: '2026-11-26T10:00:00.000Z' },
    };
    spec
      .given([trialStarted])
      .when({ type: 'RecordStripeCustomer', userId, customerId: 'cus_1', at: '2026-11-26T10:00:00.000Z' })
      .then([created]);
    spec
      .given([trialStarted, created])
      .when({ type: 'RecordStripeCustomer', userId, customerId: 'cus_2', at: '2026-11-26T11:00:00.000Z' })
      .thenNothingHappened();
  });
});

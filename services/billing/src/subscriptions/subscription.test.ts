import { describe, it } from 'vitest';
import { deciderSpec } from '@brandloom/runtime/testing';
import { subscriptionDecider } from './subscription.js';

const spec = deciderSpec(subscriptionDecider);
const userId = '44444444-4444-4444-8444-444444444444';
const startTrial = { type: 'StartTrial' as const, userId, registeredAt: '2026-11-25T10:00:00.000Z', trialDays: 7 };
const trialStarted = {
  type: 'billing.TrialStarted' as const,
  data: { userId, startedAt: '2026-11-25T10:00:00.000Z', trialEndsAt: '2026-12-02T10:00:00.000Z' },
};

describe('a newly registered user', () => {
  it('starts a trial of the configured length, counted from registration', () => {
    spec.given([]).when(startTrial).then([trialStarted]);
  });
});

describe('a user in a trial', () => {
  it('does not start a second trial when the registration is heard again', () => {
    spec.given([trialStarted]).when(startTrial).thenNothingHappened();
  });
});

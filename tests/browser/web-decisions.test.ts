// The web app's small deciders, run in Node: who is signed in after an attempt to ask, and
// what the subscription banner says.
import { describe, expect, it } from 'vitest';
import { currentUserAnswer, retryDelayMs } from '../../web/src/lib/current-user-answer.js';
import { subscriptionState, trialDaysRemaining } from '../../web/src/features/setup/subscription-state.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-03-01T12:00:00Z');

const user = {
  id: 'u1',
  email: 'ana@shop.test',
  firstName: 'Ana',
  lastName: 'Silva',
  isAdmin: false,
  isActive: true,
  createdAt: '2026-03-01T00:00:00Z',
  lastActiveAt: null,
  subscriptionTier: null,
  subscriptionStatus: null,
  trialEndsAt: null,
  subscriptionEndsAt: null,
};

const reply = (status: number, body: unknown) => ({ reached: true as const, status, body });

describe('currentUserAnswer', () => {
  it('a user or null from `me` is an answer', () => {
    expect(currentUserAnswer(reply(200, { data: { me: user, trialDays: 7 } }))).toEqual({
      kind: 'signed-in',
      user,
      trialDays: 7,
    });
    expect(currentUserAnswer(reply(200, { data: { me: null, trialDays: 7 } }))).toEqual({ kind: 'signed-out' });
  });

  it('the API saying "not signed in" is an answer', () => {
    const unauthenticated = { errors: [{ message: 'Not signed in', extensions: { code: 'UNAUTHENTICATED' } }] };
    expect(currentUserAnswer(reply(200, unauthenticated))).toEqual({ kind: 'signed-out' });
    expect(currentUserAnswer(reply(401, null))).toEqual({ kind: 'signed-out' });
  });

  it('a request that never reached the API, or an API that could not tell, is no answer', () => {
    expect(currentUserAnswer({ reached: false })).toBeNull();
    expect(currentUserAnswer(reply(502, null))).toBeNull();
    expect(currentUserAnswer(reply(503, { message: 'Service unavailable' }))).toBeNull();
    const unavailable = {
      errors: [{ message: 'Sign-in is unavailable right now.', extensions: { code: 'SERVICE_UNAVAILABLE' } }],
    };
    expect(currentUserAnswer(reply(503, unavailable))).toBeNull();
    expect(currentUserAnswer(reply(200, { data: null }))).toBeNull();
    expect(currentUserAnswer(reply(200, { data: { me: 'someone', trialDays: 7 } }))).toBeNull();
  });

  it('asks again after 0.5 s, doubling up to 30 s', () => {
    expect([1, 2, 3, 4, 10, 50].map(retryDelayMs)).toEqual([500, 1000, 2000, 4000, 30_000, 30_000]);
  });
});

describe('subscriptionState', () => {
  it('a null status is a trial being set up: the whole trial, as long as the server says', () => {
    expect(subscriptionState(user, NOW, 7)).toEqual({ kind: 'trial', daysLeft: 7 });
    expect(subscriptionState(user, NOW, 14)).toEqual({ kind: 'trial', daysLeft: 14 });
  });

  it('a trial counts whole days to its end, rounded up; an ended one needs a subscription', () => {
    const trial = { ...user, subscriptionStatus: 'trial' as const };
    expect(subscriptionState({ ...trial, trialEndsAt: new Date(NOW + 2.2 * DAY).toISOString() }, NOW, 7)).toEqual({
      kind: 'trial',
      daysLeft: 3,
    });
    expect(subscriptionState({ ...trial, trialEndsAt: new Date(NOW - DAY).toISOString() }, NOW, 7)).toEqual({
      kind: 'required',
    });
    expect(trialDaysRemaining('not a date', NOW, 7)).toBe(7);
  });

  it('active, canceled and expired', () => {
    expect(subscriptionState({ ...user, subscriptionStatus: 'active', subscriptionTier: 'agency' }, NOW, 7)).toEqual({
      kind: 'active',
      tier: 'agency',
    });
    const endsAt = new Date(NOW + 3 * DAY);
    expect(
      subscriptionState({ ...user, subscriptionStatus: 'canceled', subscriptionEndsAt: endsAt.toISOString() }, NOW, 7),
    ).toEqual({ kind: 'canceled', accessEndsAt: endsAt });
    expect(subscriptionState({ ...user, subscriptionStatus: 'canceled' }, NOW, 7)).toEqual({ kind: 'required' });
    expect(subscriptionState({ ...user, subscriptionStatus: 'expired' }, NOW, 7)).toEqual({ kind: 'required' });
  });
});

import { describe, expect, it } from 'vitest';
import { accountHold, mayAutoPost, newAccountStanding, type AccountStanding } from './plan-gate.js';

const now = new Date('2026-11-25T10:00:00Z');
const standing = (changes: Partial<AccountStanding>): AccountStanding => ({ ...newAccountStanding, ...changes });

describe('who may auto-post', () => {
  it('Professional, Enterprise and Agency while active', () => {
    for (const tier of ['professional', 'enterprise', 'agency'] as const) {
      expect(mayAutoPost(standing({ tier, status: 'active' }), now)).toBe(true);
    }
  });
  it('not the trial, nor Starter', () => {
    expect(mayAutoPost(newAccountStanding, now)).toBe(false);
    expect(mayAutoPost(standing({ tier: 'starter', status: 'active' }), now)).toBe(false);
  });
  it('a canceled plan until its period ends; an expired one not at all', () => {
    const canceled = (end: string) => standing({ tier: 'professional', status: 'canceled', currentPeriodEndsAt: end });
    expect(mayAutoPost(canceled('2026-12-01T00:00:00Z'), now)).toBe(true);
    expect(mayAutoPost(canceled('2026-11-01T00:00:00Z'), now)).toBe(false);
    expect(mayAutoPost(standing({ tier: 'professional', status: 'expired' }), now)).toBe(false);
  });
});

describe('what holds an account', () => {
  it('suspension first, then the plan', () => {
    const suspended = standing({ tier: 'agency', status: 'active', active: false });
    expect(accountHold(suspended, now)).toBe('The account is suspended');
    expect(accountHold(standing({ tier: 'agency', status: 'expired' }), now)).toBe('The plan has expired');
    expect(accountHold(standing({ tier: 'starter', status: 'active' }), now)).toBe(
      'The plan does not include auto-posting',
    );
    expect(accountHold(standing({ tier: 'agency', status: 'active' }), now)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { allowsAutoPosting } from './plan-limits.js';

const trialEndsAt = '2026-12-01T00:00:00.000Z';

describe('auto-posting by plan', () => {
  it('comes with Professional, Enterprise and Agency, canceled ones to the end of their period', () => {
    for (const tier of ['professional', 'enterprise', 'agency'] as const) {
      expect(allowsAutoPosting({ tier, status: 'active', trialEndsAt: null }), tier).toBe(true);
      expect(allowsAutoPosting({ tier, status: 'canceled', trialEndsAt: null }), tier).toBe(true);
    }
  });

  it('never with the trial, Starter, an expired plan or one billing has not told of', () => {
    expect(allowsAutoPosting({ tier: null, status: 'trial', trialEndsAt })).toBe(false);
    expect(allowsAutoPosting({ tier: 'starter', status: 'active', trialEndsAt: null })).toBe(false);
    expect(allowsAutoPosting({ tier: 'professional', status: 'expired', trialEndsAt: null })).toBe(false);
    expect(allowsAutoPosting(null)).toBe(false);
  });
});

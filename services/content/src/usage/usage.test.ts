import { describe, expect, it } from 'vitest';
import { fold } from '@brandloom/runtime';
import { deciderSpec } from '@brandloom/runtime/testing';
import { allowanceOf, TRIAL_POST_LIMIT, type PostAllowance } from '../plans/plan-limits.js';
import { monthOf, usageDecider, type UsageCommand } from './usage.js';

const spec = deciderSpec(usageDecider);
const userId = '4b8f8a7e-9a4b-4d8e-8f43-0a5e0c9b1d21';
const at = '2026-11-25T10:00:00.000Z';
const now = new Date(at);
const record = (allowance: PostAllowance = { plan: 'Free Trial', limit: 10 }): UsageCommand => ({
  type: 'RecordGeneration',
  userId,
  month: '2026-11',
  allowance,
  platform: 'twitter',
  model: 'gpt-4o-mini',
  promptTokens: 120,
  completionTokens: 80,
  attempts: 1,
  at,
});
const recorded = {
  type: 'content.GenerationRecorded' as const,
  data: {
    userId,
    month: '2026-11',
    platform: 'twitter' as const,
    model: 'gpt-4o-mini',
    promptTokens: 120,
    completionTokens: 80,
    totalTokens: 200,
    attempts: 1,
    at,
  },
};
const times = (n: number) => Array.from({ length: n }, () => recorded);

const draftTokens: UsageCommand = {
  type: 'RecordDraftTokens',
  purpose: 'brand-profile',
  userId,
  month: '2026-11',
  model: 'gpt-4o-mini',
  promptTokens: 50,
  completionTokens: 30,
  at,
};

describe("a draft's tokens (guided onboarding)", () => {
  it('join the month with no post counted, even once the posts are used up', () => {
    const draftRecorded = {
      type: 'content.DraftTokensRecorded' as const,
      data: {
        userId,
        month: '2026-11',
        purpose: 'brand-profile' as const,
        model: 'gpt-4o-mini',
        promptTokens: 50,
        completionTokens: 30,
        totalTokens: 80,
        at,
      },
    };
    spec.given(times(10)).when(draftTokens).then([draftRecorded]);
    expect(fold(usageDecider, [...times(2), draftRecorded])).toEqual({ generations: 2, tokens: 480 });
  });
});

describe('monthly generations', () => {
  it('are recorded with their tokens while within the allowance', () => {
    spec.given(times(9)).when(record()).then([recorded]);
  });

  it('are refused with a 402 naming the limit and the upgrade once used up', () => {
    spec
      .given(times(10))
      .when(record())
      .thenThrows(
        (error) =>
          (error as { code: string }).code === 'PAYMENT_REQUIRED' &&
          /used all 10 AI posts of your Free Trial plan this month\. Upgrade your plan/.test((error as Error).message),
      );
  });

  it('follow each tier: Starter 50, Professional 200, Enterprise 500, Agency unlimited', () => {
    const plan = (tier: 'starter' | 'professional' | 'enterprise' | 'agency') =>
      allowanceOf({ tier, status: 'active', trialEndsAt: null }, now);
    spec
      .given(times(49))
      .when(record(plan('starter')))
      .then([recorded]);
    spec
      .given(times(50))
      .when(record(plan('starter')))
      .thenThrows(/all 50 AI posts of your Starter plan/);
    spec
      .given(times(200))
      .when(record(plan('professional')))
      .thenThrows(/all 200 AI posts of your Professional/);
    spec
      .given(times(499))
      .when(record(plan('enterprise')))
      .then([recorded]);
    spec
      .given(times(500))
      .when(record(plan('enterprise')))
      .thenThrows(/all 500 AI posts of your Enterprise/);
    spec
      .given(times(2000))
      .when(record(plan('agency')))
      .then([recorded]);
  });
});

describe('the allowance', () => {
  it('is the trial’s 10 for a tierless trial, and for a plan billing has not published yet', () => {
    const trial = { tier: null, status: 'trial' as const, trialEndsAt: '2026-12-01T00:00:00.000Z' };
    expect(allowanceOf(trial, now)).toEqual({ plan: 'Free Trial', limit: TRIAL_POST_LIMIT });
    expect(allowanceOf(null, now).limit).toBe(10);
  });

  it('is nothing once a tierless trial has ended', () => {
    const ended = { tier: null, status: 'trial' as const, trialEndsAt: '2026-11-01T00:00:00.000Z' };
    expect(allowanceOf(ended, now).limit).toBe(0);
    spec
      .given([])
      .when(record(allowanceOf(ended, now)))
      .thenThrows(/free trial has ended/);
  });
});

describe('the month a generation counts in', () => {
  it('is the UTC month, whatever the local hour', () => {
    expect(monthOf(new Date('2026-01-31T23:59:59.999Z'))).toBe('2026-01');
    expect(monthOf(new Date('2026-02-01T00:00:00.000Z'))).toBe('2026-02');
    expect(monthOf(new Date('2026-11-30T23:30:00-05:00'))).toBe('2026-12');
  });
});

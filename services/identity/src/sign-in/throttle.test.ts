import { describe, expect, it } from 'vitest';
import { isRefusal, signInLimiter, signUpLimiter, tooManyAttemptsMessage, type Reservation } from './throttle.js';

function clock(start: string) {
  let now = new Date(start).getTime();
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

const reserved = (outcome: Reservation | { retryAfterMs: number }): Reservation => {
  if (isRefusal(outcome)) throw new Error(`refused for ${outcome.retryAfterMs} ms`);
  return outcome;
};

describe('sign-in attempts', () => {
  it('are allowed up to ten in fifteen minutes, then refused until the oldest ages out', () => {
    const time = clock('2026-11-25T10:00:00Z');
    const limiter = signInLimiter(time.now);
    for (let i = 0; i < 10; i++) {
      reserved(limiter.reserve(['account:a']));
      time.advance(1000);
    }
    expect(limiter.reserve(['account:a'])).toEqual({ retryAfterMs: 15 * 60_000 - 10_000 });
    time.advance(15 * 60_000 - 10_000);
    reserved(limiter.reserve(['account:a']));
  });

  it('are counted when reserved, so a burst cannot all pass the check before any is counted', () => {
    const limiter = signInLimiter(clock('2026-11-25T10:00:00Z').now);
    const outcomes = Array.from({ length: 200 }, () => limiter.reserve(['account:a', 'address:1.2.3.4']));
    expect(outcomes.filter((outcome) => !isRefusal(outcome))).toHaveLength(10);
  });

  it('count against every key of the attempt: the account and the address', () => {
    const limiter = signInLimiter(clock('2026-11-25T10:00:00Z').now);
    for (let i = 0; i < 10; i++) reserved(limiter.reserve([`account:${i}`, 'address:1.2.3.4']));
    expect(isRefusal(limiter.reserve(['account:new', 'address:1.2.3.4']))).toBe(true);
    expect(isRefusal(limiter.reserve(['account:new', 'address:5.6.7.8']))).toBe(false);
  });

  it('that succeed are given back to the address, and clear the account', () => {
    const limiter = signInLimiter(clock('2026-11-25T10:00:00Z').now);
    for (let i = 0; i < 9; i++) reserved(limiter.reserve(['account:a', 'address:1.2.3.4']));
    const success = reserved(limiter.reserve(['account:a', 'address:1.2.3.4']));
    limiter.clear('account:a');
    limiter.release(success, 'address:1.2.3.4');
    reserved(limiter.reserve(['account:b', 'address:1.2.3.4']));
    expect(isRefusal(limiter.reserve(['account:c', 'address:1.2.3.4']))).toBe(true);
  });

  it('are explained in minutes, rounded up', () => {
    expect(tooManyAttemptsMessage(14 * 60_000 + 1)).toBe(
      'Too many failed sign-in attempts. Please try again in 15 minutes.',
    );
    expect(tooManyAttemptsMessage(30_000)).toBe('Too many failed sign-in attempts. Please try again in 1 minute.');
  });
});

describe('sign-ups', () => {
  it('are allowed twenty an hour per address', () => {
    const time = clock('2026-11-25T10:00:00Z');
    const limiter = signUpLimiter(time.now);
    for (let i = 0; i < 20; i++) reserved(limiter.reserve(['address:1.2.3.4']));
    expect(limiter.reserve(['address:1.2.3.4'])).toEqual({ retryAfterMs: 60 * 60_000 });
    time.advance(60 * 60_000);
    reserved(limiter.reserve(['address:1.2.3.4']));
  });
});

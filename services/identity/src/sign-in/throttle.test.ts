import { describe, expect, it } from 'vitest';
import { SignInThrottle, tooManyAttemptsMessage } from './throttle.js';

function clock(start: string) {
  let now = new Date(start).getTime();
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe('failed sign-ins', () => {
  it('are allowed up to ten in fifteen minutes, then refused until the oldest ages out', () => {
    const time = clock('2026-11-25T10:00:00Z');
    const throttle = new SignInThrottle(time.now);
    for (let i = 0; i < 10; i++) {
      expect(throttle.retryAfterMs(['account:a'])).toBe(0);
      throttle.recordFailure(['account:a']);
      time.advance(1000);
    }
    expect(throttle.retryAfterMs(['account:a'])).toBe(15 * 60_000 - 10_000);
    time.advance(15 * 60_000 - 10_000);
    expect(throttle.retryAfterMs(['account:a'])).toBe(0);
  });

  it('count against every key of the attempt: the account and the address', () => {
    const throttle = new SignInThrottle(clock('2026-11-25T10:00:00Z').now);
    for (let i = 0; i < 10; i++) throttle.recordFailure([`account:${i}`, 'address:1.2.3.4']);
    expect(throttle.retryAfterMs(['account:new', 'address:1.2.3.4'])).toBeGreaterThan(0);
    expect(throttle.retryAfterMs(['account:new', 'address:5.6.7.8'])).toBe(0);
  });

  it('are forgotten for an account after its correct password', () => {
    const throttle = new SignInThrottle(clock('2026-11-25T10:00:00Z').now);
    for (let i = 0; i < 10; i++) throttle.recordFailure(['account:a']);
    throttle.clear('account:a');
    expect(throttle.retryAfterMs(['account:a'])).toBe(0);
  });

  it('are explained in minutes, rounded up', () => {
    expect(tooManyAttemptsMessage(14 * 60_000 + 1)).toBe(
      'Too many failed sign-in attempts. Please try again in 15 minutes.',
    );
    expect(tooManyAttemptsMessage(30_000)).toBe('Too many failed sign-in attempts. Please try again in 1 minute.');
  });
});

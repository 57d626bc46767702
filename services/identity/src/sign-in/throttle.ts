/**
 * Counts attempts per key (an account, a client address) within a sliding window and refuses
 * more than `maxAttempts`. Kept in memory: it protects against guessing and bulk sign-ups, and a
 * restart that forgets it gives an attacker no more than one more window.
 *
 * An attempt is reserved before the expensive work (hashing a password) and given back only when
 * it turns out not to count. Checking and counting in one synchronous step is what stops a burst
 * of parallel attempts from all passing the check before the first one is counted.
 */
export class AttemptLimiter {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly now: () => Date,
    private readonly maxAttempts: number,
    private readonly windowMs: number,
    private readonly maxTrackedKeys = 100_000,
  ) {}

  /** Counts one attempt against every key, or says how long to wait when any key is at its limit. */
  reserve(keys: readonly string[]): Reservation | { retryAfterMs: number } {
    const now = this.now().getTime();
    let wait = 0;
    for (const key of keys) {
      const recent = this.recent(key, now);
      if (recent.length >= this.maxAttempts) wait = Math.max(wait, recent[0]! + this.windowMs - now, 1);
    }
    if (wait > 0) return { retryAfterMs: wait };
    for (const key of keys) {
      if (!this.attempts.has(key) && this.attempts.size >= this.maxTrackedKeys) this.evictOldest();
      this.attempts.set(key, [...this.recent(key, now), now]);
    }
    return { keys, at: now };
  }

  /** Gives back a reserved attempt for `key`, as if it had not been made. */
  release(reservation: Reservation, key: string): void {
    const attempts = this.attempts.get(key);
    const index = attempts?.indexOf(reservation.at) ?? -1;
    if (index >= 0) attempts!.splice(index, 1);
  }

  /** Forgets every attempt of `key`. */
  clear(key: string): void {
    this.attempts.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.attempts.get(key) ?? []).filter((at) => at > now - this.windowMs);
  }

  private evictOldest(): void {
    const oldest = this.attempts.keys().next();
    if (!oldest.done) this.attempts.delete(oldest.value);
  }
}

export interface Reservation {
  readonly keys: readonly string[];
  readonly at: number;
}

export const isRefusal = (outcome: Reservation | { retryAfterMs: number }): outcome is { retryAfterMs: number } =>
  'retryAfterMs' in outcome;

/** Ten failed sign-ins per account or per address in fifteen minutes. */
export const signInLimiter = (now: () => Date) => new AttemptLimiter(now, 10, 15 * 60_000);
/** Twenty sign-ups per address an hour: a shop's staff signing up from one office fit in it. */
export const signUpLimiter = (now: () => Date) => new AttemptLimiter(now, 20, 60 * 60_000);

export const accountKey = (normalizedEmail: string): string => `account:${normalizedEmail}`;
export const addressKey = (address: string): string => `address:${address}`;

const inMinutes = (ms: number): string => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

export function tooManyAttemptsMessage(retryAfterMs: number): string {
  return `Too many failed sign-in attempts. Please try again in ${inMinutes(retryAfterMs)}.`;
}

export function tooManySignUpsMessage(retryAfterMs: number): string {
  return `Too many accounts were opened from your network. Please try again in ${inMinutes(retryAfterMs)}.`;
}

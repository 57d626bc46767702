/**
 * Limits failed sign-ins: after `maxFailures` failures within `windowMs` for an account or for a
 * client address, further attempts from it are refused until the oldest failure ages out. Kept
 * in memory: it protects against guessing, and a restart that forgets it gives an attacker no
 * more than one more window.
 */
export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly now: () => Date,
    private readonly maxFailures = 10,
    private readonly windowMs = 15 * 60 * 1000,
    private readonly maxTrackedKeys = 100_000,
  ) {}

  /** Milliseconds until any of `keys` may try again, or 0 when all may try now. */
  retryAfterMs(keys: readonly string[]): number {
    const now = this.now().getTime();
    let wait = 0;
    for (const key of keys) {
      const recent = this.recent(key, now);
      if (recent.length >= this.maxFailures) wait = Math.max(wait, recent[0]! + this.windowMs - now);
    }
    return wait;
  }

  recordFailure(keys: readonly string[]): void {
    const now = this.now().getTime();
    for (const key of keys) {
      if (!this.failures.has(key) && this.failures.size >= this.maxTrackedKeys) this.evictOldest();
      this.failures.set(key, [...this.recent(key, now), now]);
    }
  }

  /** A correct password clears the account's failures, never the address's. */
  clear(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((at) => at > now - this.windowMs);
  }

  private evictOldest(): void {
    const oldest = this.failures.keys().next();
    if (!oldest.done) this.failures.delete(oldest.value);
  }
}

export const accountKey = (normalizedEmail: string): string => `account:${normalizedEmail}`;
export const addressKey = (address: string): string => `address:${address}`;

export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

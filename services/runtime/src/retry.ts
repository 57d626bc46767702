/**
 * Retrying with exponential backoff and jitter, shared by the background workers. The durations
 * are injectable so tests run the same logic in milliseconds.
 */
import { setTimeout as delay } from 'node:timers/promises';

export interface RetryPolicy {
  /** The wait after the first failure; each further failure doubles it. */
  firstDelayMs: number;
  /** No wait is longer than this. */
  maxDelayMs: number;
  /** Give up (park) once the waits add up to this much; `Infinity` never gives up. */
  giveUpAfterMs: number;
}

/** Jitter only lengthens a wait, so the waits before giving up add up to at least `giveUpAfterMs`. */
const JITTER = 0.25;

/** The wait after the `failures`-th failure in a row (1 for the first). */
export function backoffDelayMs(policy: RetryPolicy, failures: number, random: () => number = Math.random): number {
  return baseDelayMs(policy, failures) * (1 + JITTER * random());
}

function baseDelayMs(policy: RetryPolicy, failures: number): number {
  const exponent = Math.min(Math.max(failures - 1, 0), 30);
  return Math.min(policy.firstDelayMs * 2 ** exponent, policy.maxDelayMs);
}

/**
 * True once `failures` failures in a row have waited at least `giveUpAfterMs` in all (counting the
 * waits without jitter): the point where a worker stops retrying and parks.
 */
export function hasRetriedLongEnough(policy: RetryPolicy, failures: number): boolean {
  if (!Number.isFinite(policy.giveUpAfterMs)) return false;
  let waited = 0;
  for (let failure = 1; failure < failures; failure++) {
    waited += baseDelayMs(policy, failure);
    if (waited >= policy.giveUpAfterMs) return true;
  }
  return false;
}

export type RetryOutcome =
  { kind: 'done' } | { kind: 'stopped' } | { kind: 'gave-up'; error: unknown; attempts: number };

/**
 * Runs `attempt` until it succeeds, `signal` aborts, or the policy says to give up. Each failure
 * is reported with the wait that follows it.
 */
export async function retryWithBackoff(
  attempt: () => Promise<void>,
  options: {
    policy: RetryPolicy;
    signal: AbortSignal;
    onFailure: (error: unknown, failures: number, nextDelayMs: number) => void;
  },
): Promise<RetryOutcome> {
  const { policy, signal, onFailure } = options;
  for (let failures = 0; !signal.aborted;) {
    try {
      await attempt();
      return { kind: 'done' };
    } catch (error) {
      failures += 1;
      if (hasRetriedLongEnough(policy, failures)) return { kind: 'gave-up', error, attempts: failures };
      const waitMs = backoffDelayMs(policy, failures);
      onFailure(error, failures, waitMs);
      await sleepUnlessAborted(waitMs, signal);
    }
  }
  return { kind: 'stopped' };
}

/** Resolves after `ms`, or at once when `signal` aborts; never rejects. */
export async function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  await delay(ms, undefined, { signal, ref: false }).catch(() => undefined);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A one-line description of a failure, for reports and parked items. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

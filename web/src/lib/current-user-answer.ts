// Imports carry .js extensions so the deciders also load in Node, where they are unit-tested.
import type { MeQuery } from '../gql/graphql.js';
import type { CurrentUser } from './user.js';

export type CurrentUserStatus =
  /** No answer from the server yet. */
  { kind: 'unknown' } | { kind: 'signed-in'; user: CurrentUser; trialDays: number } | { kind: 'signed-out' };

/** What came back when the browser asked `/graphql` who is signed in. */
export type MeOutcome = { reached: false } | { reached: true; status: number; body: unknown };

const UNAUTHENTICATED_CODES = new Set(['UNAUTHENTICATED']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The `Me` query's data, if the body holds it in the shape the schema promises. */
function meData(data: unknown): MeQuery | null {
  if (!isRecord(data) || typeof data['trialDays'] !== 'number') return null;
  const me = data['me'];
  if (me !== null && !(isRecord(me) && typeof me['id'] === 'string' && typeof me['email'] === 'string')) return null;
  return data as MeQuery;
}

/**
 * What an attempt to ask "who is signed in" tells us, or null when it tells nothing. Only an
 * answer from the API counts: `me` (a user or null), a 401, or errors that all say the visitor
 * is not signed in. A request that never reached the API (offline, connection refused), a
 * proxy's 502/503/504, or an API that could not look the session up is no answer: the caller
 * keeps what it knew and asks again.
 */
export function currentUserAnswer(outcome: MeOutcome): Exclude<CurrentUserStatus, { kind: 'unknown' }> | null {
  if (!outcome.reached) return null;
  if (outcome.status === 401) return { kind: 'signed-out' };
  const { body } = outcome;
  if (!isRecord(body)) return null;
  const errors = Array.isArray(body['errors']) ? (body['errors'] as unknown[]) : [];
  if (errors.length > 0) {
    const unauthenticated = errors.every(
      (error) =>
        isRecord(error) &&
        isRecord(error['extensions']) &&
        UNAUTHENTICATED_CODES.has(String(error['extensions']['code'])),
    );
    return unauthenticated ? { kind: 'signed-out' } : null;
  }
  if (outcome.status !== 200) return null;
  const data = meData(body['data']);
  if (!data) return null;
  return data.me ? { kind: 'signed-in', user: data.me, trialDays: data.trialDays } : { kind: 'signed-out' };
}

/** Waits between attempts when the API did not answer: 0.5 s doubling up to 30 s. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(30_000, 500 * 2 ** Math.max(0, failedAttempts - 1));
}

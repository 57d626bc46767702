// Imports carry .js extensions so the deciders also load in Node, where they are unit-tested.
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import type { MeQuery } from '../gql/graphql.js';
import type { CurrentUser } from './user.js';

export type CurrentUserStatus =
  /** No answer from the server yet. */
  { kind: 'unknown' } | { kind: 'signed-in'; user: CurrentUser; trialDays: number } | { kind: 'signed-out' };

const UNAUTHENTICATED_CODES = new Set(['UNAUTHENTICATED', 'FORBIDDEN']);

/**
 * What an attempt to ask "who is signed in" tells us, or null when it tells nothing. Only an
 * answer from the API counts: `me` (a user or null), or an error the API itself raised saying the
 * visitor is not signed in. A request that never reached the API (offline, connection refused, a
 * proxy's 502/503/504) or an API that could not look the session up is no answer: the caller
 * keeps what it knew and asks again.
 */
export function currentUserAnswer(
  outcome: { data: MeQuery | undefined } | { error: unknown },
): Exclude<CurrentUserStatus, { kind: 'unknown' }> | null {
  if ('data' in outcome) {
    if (!outcome.data) return null;
    const { me, trialDays } = outcome.data;
    return me ? { kind: 'signed-in', user: me, trialDays } : { kind: 'signed-out' };
  }
  const { error } = outcome;
  if (CombinedGraphQLErrors.is(error)) {
    const codes = error.errors.map((e) => e.extensions?.['code']);
    return codes.length > 0 && codes.every((code) => UNAUTHENTICATED_CODES.has(String(code)))
      ? { kind: 'signed-out' }
      : null;
  }
  if (ServerError.is(error) && error.statusCode === 401) return { kind: 'signed-out' };
  return null;
}

/** Waits between attempts when the API did not answer: 0.5 s doubling up to 30 s. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(30_000, 500 * 2 ** Math.max(0, failedAttempts - 1));
}

import type { ApolloClient } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { graphql } from '../gql';
import type { MeQuery } from '../gql/graphql';
import type { CurrentUser } from './user';

// `CurrentUserFields` is defined once, in proto-events/src/graphql/current-user.graphql, and
// shared with the REST adapter, so both describe the signed-in user the same way.
/** Who is signed in, and how long a new trial lasts (the server decides both). */
export const ME_QUERY = graphql(`
  query Me {
    me {
      ...CurrentUserFields
    }
    trialDays
  }
`);

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

/**
 * Who is signed in, outside React so the question can leave before the app renders. The status
 * changes only on an answer: a network failure keeps the screen as it is and retries with
 * backoff. Asked again whenever the tab becomes visible.
 */
export class CurrentUserSession {
  private status: CurrentUserStatus;
  private readonly listeners = new Set<() => void>();
  private latestRequest = 0;
  private failedAttempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly client: ApolloClient,
    initial: CurrentUserStatus = { kind: 'unknown' },
  ) {
    this.status = initial;
  }

  readonly getStatus = (): CurrentUserStatus => this.status;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Resolves once the server has answered at least once (at once if it has). */
  firstAnswer(): Promise<CurrentUserStatus> {
    if (this.status.kind !== 'unknown') return Promise.resolve(this.status);
    return new Promise((resolve) => {
      const unsubscribe = this.subscribe(() => {
        unsubscribe();
        resolve(this.status);
      });
    });
  }

  /** Asks the server now; only the latest question's answer is kept. */
  async refresh(): Promise<void> {
    clearTimeout(this.retryTimer);
    const request = ++this.latestRequest;
    let answer: ReturnType<typeof currentUserAnswer>;
    try {
      const { data } = await this.client.query({ query: ME_QUERY, fetchPolicy: 'network-only' });
      answer = currentUserAnswer({ data });
    } catch (error) {
      answer = currentUserAnswer({ error });
    }
    if (request !== this.latestRequest) return;
    if (answer === null) {
      this.failedAttempts += 1;
      this.retryTimer = setTimeout(() => void this.refresh(), retryDelayMs(this.failedAttempts));
      return;
    }
    this.failedAttempts = 0;
    this.set(answer);
  }

  /** The server confirmed a sign-out: no need to ask. */
  signedOut(): void {
    this.latestRequest += 1;
    clearTimeout(this.retryTimer);
    this.set({ kind: 'signed-out' });
  }

  /** Asks again when the visitor comes back to the tab (they may have signed in or out elsewhere). */
  refreshWhenVisible(): void {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void this.refresh();
    });
  }

  private set(status: CurrentUserStatus): void {
    this.status = status;
    for (const listener of [...this.listeners]) listener();
  }
}

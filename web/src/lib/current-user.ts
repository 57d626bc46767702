import type { ApolloClient } from '@apollo/client';
import { graphql } from '../gql';
import { currentUserAnswer, retryDelayMs, type CurrentUserStatus } from './current-user-answer';

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

/**
 * Who is signed in, outside React so the question can leave before the app renders. The status
 * changes only on an answer: a network failure keeps the screen as it is and retries with
 * backoff. Asked again whenever the tab becomes visible.
 */
export type { CurrentUserStatus };

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

import { print } from 'graphql';
import { graphql } from '../gql';
import { currentUserAnswer, retryDelayMs, type CurrentUserStatus, type MeOutcome } from './current-user-answer';

export type { CurrentUserStatus };

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

const ME_REQUEST_BODY = JSON.stringify({ operationName: 'Me', query: print(ME_QUERY) });

/**
 * Asks with a plain fetch rather than Apollo Client, so the question can leave from the small
 * entry chunk before React, Apollo and the UI kit have even loaded.
 */
export async function askServer(): Promise<MeOutcome> {
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: ME_REQUEST_BODY,
    });
  } catch {
    return { reached: false };
  }
  const body: unknown = await response.json().catch(() => null);
  return { reached: true, status: response.status, body };
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
    initial: CurrentUserStatus = { kind: 'unknown' },
    private readonly ask: () => Promise<MeOutcome> = askServer,
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
    const answer = currentUserAnswer(await this.ask());
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

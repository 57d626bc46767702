import { describe, expect, it } from 'vitest';
import type { Caller } from '@brandloom/runtime';
import { askingSubgraph, RequestSession, SessionResolver } from './sessions.js';
import { callerFor, sessionTokenHash } from './subgraphs/data-source.js';
import type { SubgraphClient, SubgraphRequest, SubgraphResponse } from './subgraphs/client.js';

/**
 * Identity as the resolver sees it, answering when the test says so: the race needs a lookup
 * that is still on its way when the sign-out happens.
 */
class IdentityAnsweringOnCue implements SubgraphClient {
  readonly name = 'identity';
  readonly callers: Caller[] = [];
  private readonly pending: (() => void)[] = [];
  signedIn = true;

  execute(_request: SubgraphRequest, caller: Caller) {
    this.callers.push(caller);
    const principal = this.signedIn ? { userId: 'u1', isAdmin: false } : null;
    return new Promise<{ response: SubgraphResponse; sessionGrant: null }>((resolve) =>
      this.pending.push(() => resolve({ response: { data: { sessionPrincipal: principal } }, sessionGrant: null })),
    );
  }

  answerAll(): void {
    for (const answer of this.pending.splice(0)) answer();
  }

  async ready() {
    return { ready: true, parts: [] };
  }
}

const token = 'a-session-token-of-forty-three-characters-x';
const tokenHash = sessionTokenHash(token);
const PRINCIPAL_QUERY = 'query SessionPrincipal { sessionPrincipal { userId isAdmin } }';

describe('the session resolver', () => {
  it('does not keep an answer that was under way when the token was signed out', async () => {
    const identity = new IdentityAnsweringOnCue();
    const resolver = new SessionResolver(askingSubgraph(identity, PRINCIPAL_QUERY));
    const before = resolver.resolve(tokenHash, 'r1');
    resolver.forget(tokenHash);
    identity.signedIn = false;
    identity.answerAll();
    await before;

    const after = resolver.resolve(tokenHash, 'r2');
    identity.answerAll();
    expect(await after).toBeNull();
    expect(identity.callers).toHaveLength(2);
  });

  it('shares one lookup among requests that arrive together', async () => {
    const identity = new IdentityAnsweringOnCue();
    const resolver = new SessionResolver(askingSubgraph(identity, PRINCIPAL_QUERY));
    const burst = [resolver.resolve(tokenHash, 'r1'), resolver.resolve(tokenHash, 'r2')];
    identity.answerAll();
    expect(await Promise.all(burst)).toEqual([
      { userId: 'u1', isAdmin: false },
      { userId: 'u1', isAdmin: false },
    ]);
    expect(identity.callers).toHaveLength(1);
  });

  it('asks identity again for the next request, so a suspension or revocation counts at once', async () => {
    const identity = new IdentityAnsweringOnCue();
    const resolver = new SessionResolver(askingSubgraph(identity, PRINCIPAL_QUERY));
    const first = resolver.resolve(tokenHash, 'r1');
    identity.answerAll();
    expect(await first).toEqual({ userId: 'u1', isAdmin: false });
    identity.signedIn = false;
    const next = resolver.resolve(tokenHash, 'r2');
    identity.answerAll();
    expect(await next).toBeNull();
  });

  it('sends identity the SHA-256 of the token, never the token', async () => {
    const identity = new IdentityAnsweringOnCue();
    const resolver = new SessionResolver(askingSubgraph(identity, PRINCIPAL_QUERY));
    const session = new RequestSession(token, null, resolver);
    const lookup = resolver.resolve(session.tokenHash, 'r1');
    identity.answerAll();
    session.principal = await lookup;
    const context = { session, clientAddress: null, userAgent: null, requestId: 'r1' };
    const callers = [identity.callers[0], callerFor(context, true)];
    for (const caller of callers) expect(caller?.sessionTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(callers)).not.toContain(token);
    expect(callerFor(context, false).sessionTokenHash).toBeNull();
  });
});

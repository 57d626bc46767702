import type { SessionGrant } from '@brandloom/runtime/edge';
import { callerFor, sessionTokenHash } from './subgraphs/data-source.js';
import type { SubgraphClient } from './subgraphs/client.js';

export interface Principal {
  userId: string;
  isAdmin: boolean;
}

/**
 * Resolves a session cookie to the user it speaks for, by asking the service that owns sessions
 * on every request: its answer is authoritative at once on every gateway replica, so a sign-out,
 * a role or password change or a suspension ends the session for the very next request (no
 * cached principal outlives it). Requests that arrive together for one token share one lookup.
 */
export class SessionResolver {
  /** Lookups under way, per token; a forgotten token's lookup is shared by no later request. */
  private readonly inFlight = new Map<string, Promise<Principal | null>>();

  constructor(
    private readonly authority: SubgraphClient,
    private readonly principalQuery: string,
  ) {}

  resolve(token: string | null, requestId: string): Promise<Principal | null> {
    if (!token) return Promise.resolve(null);
    const pending = this.inFlight.get(token);
    if (pending) return pending;
    const lookup = this.lookUp(token, requestId).finally(() => {
      if (this.inFlight.get(token) === lookup) this.inFlight.delete(token);
    });
    this.inFlight.set(token, lookup);
    return lookup;
  }

  /** Sign-in and sign-out: a lookup still on its way is not shared with later requests. */
  forget(token: string): void {
    this.inFlight.delete(token);
  }

  private async lookUp(token: string, requestId: string): Promise<Principal | null> {
    const caller = { ...callerFor(undefined, false), sessionTokenHash: sessionTokenHash(token), requestId };
    const { response } = await this.authority.execute({ query: this.principalQuery }, caller);
    if (response.errors?.length) throw new Error(`Session lookup failed: ${response.errors[0]?.message}`);
    return principalOf(response.data);
  }
}

/** One request's session: who it is now, and what the cookie must become. */
export class RequestSession {
  grant: SessionGrant | null = null;

  constructor(
    readonly token: string | null,
    public principal: Principal | null,
    private readonly resolver: SessionResolver,
  ) {}

  applyGrant(grant: SessionGrant): void {
    this.grant = grant;
    if (this.token) this.resolver.forget(this.token);
    this.principal = grant.kind === 'set' ? { userId: grant.userId, isAdmin: grant.isAdmin } : null;
  }
}

/** The one field of the principal query's answer: who the session speaks for, or null. */
function principalOf(data: Record<string, unknown> | null | undefined): Principal | null {
  const [answer] = Object.values(data ?? {});
  return (answer as Principal | null | undefined) ?? null;
}

import type { SessionGrant } from '@brandloom/runtime/edge';
import { callerFor, sessionTokenHash } from './subgraphs/data-source.js';
import type { SubgraphClient } from './subgraphs/client.js';

export interface Principal {
  userId: string;
  isAdmin: boolean;
}

/**
 * The gateway's question to the service that owns sessions: who does the session with this token
 * hash speak for? A capability the gateway is given: in one process, the service's own lookup;
 * across processes, its principal query (`askingSubgraph`).
 */
export type SessionAuthority = (tokenHash: string, requestId: string) => Promise<Principal | null>;

/** The session owner's principal query, run through its subgraph client. */
export function askingSubgraph(authority: SubgraphClient, principalQuery: string): SessionAuthority {
  return async (tokenHash, requestId) => {
    const caller = { ...callerFor(undefined, false), sessionTokenHash: tokenHash, requestId };
    const { response } = await authority.execute({ query: principalQuery }, caller);
    if (response.errors?.length) throw new Error(`Session lookup failed: ${response.errors[0]?.message}`);
    return principalOf(response.data);
  };
}

/**
 * Resolves a session cookie to the user it speaks for, by asking the service that owns sessions
 * on every request: its answer is authoritative at once on every gateway replica, so a sign-out,
 * a role or password change or a suspension ends the session for the very next request (no
 * cached principal outlives it). Requests that arrive together for one token share one lookup.
 */
export class SessionResolver {
  /** Lookups under way, per token hash; a forgotten token's lookup is shared by no later request. */
  private readonly inFlight = new Map<string, Promise<Principal | null>>();

  constructor(private readonly authority: SessionAuthority) {}

  /** Who the session whose token has this SHA-256 (`sessionTokenHash`) speaks for. */
  resolve(tokenHash: string | null, requestId: string): Promise<Principal | null> {
    if (!tokenHash) return Promise.resolve(null);
    const pending = this.inFlight.get(tokenHash);
    if (pending) return pending;
    const lookup = this.authority(tokenHash, requestId).finally(() => {
      if (this.inFlight.get(tokenHash) === lookup) this.inFlight.delete(tokenHash);
    });
    this.inFlight.set(tokenHash, lookup);
    return lookup;
  }

  /** Sign-in and sign-out: a lookup still on its way is not shared with later requests. */
  forget(tokenHash: string): void {
    this.inFlight.delete(tokenHash);
  }
}

/** One request's session: who it is now, and what the cookie must become. */
export class RequestSession {
  grant: SessionGrant | null = null;

  /** The cookie's token, hashed once per request: what identity knows the session by. */
  readonly tokenHash: string | null;

  constructor(
    readonly token: string | null,
    public principal: Principal | null,
    private readonly resolver: SessionResolver,
  ) {
    this.tokenHash = token ? sessionTokenHash(token) : null;
  }

  applyGrant(grant: SessionGrant): void {
    this.grant = grant;
    if (this.tokenHash) this.resolver.forget(this.tokenHash);
    this.principal = grant.kind === 'set' ? { userId: grant.userId, isAdmin: grant.isAdmin } : null;
  }
}

/** The one field of the principal query's answer: who the session speaks for, or null. */
function principalOf(data: Record<string, unknown> | null | undefined): Principal | null {
  const [answer] = Object.values(data ?? {});
  return (answer as Principal | null | undefined) ?? null;
}

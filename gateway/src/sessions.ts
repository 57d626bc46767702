import type { SessionGrant } from '@brandloom/runtime/edge';
import { callerFor, sessionTokenHash } from './subgraphs/data-source.js';
import type { SubgraphClient } from './subgraphs/client.js';

export interface Principal {
  userId: string;
  isAdmin: boolean;
}

/** How long a resolved session is trusted without asking identity again. */
const CACHE_TTL_MS = 5_000;
const CACHE_MAX_ENTRIES = 10_000;

/**
 * Resolves a session cookie to the user it speaks for, by asking the service that owns sessions, with a
 * short cache so a page's burst of requests costs one lookup. Sign-in and sign-out through this
 * gateway evict at once; elsewhere a revoked session lives at most CACHE_TTL_MS longer.
 */
export class SessionResolver {
  private readonly cache = new Map<string, { principal: Principal | null; expiresAt: number }>();
  /**
   * Lookups under way, per token, and whether the token was forgotten while they ran: an answer
   * identity gave before a sign-out must not be cached after the sign-out evicted the token.
   */
  private readonly inFlight = new Map<string, { lookups: number; forgotten: boolean }>();

  constructor(
    private readonly authority: SubgraphClient,
    private readonly principalQuery: string,
  ) {}

  async resolve(token: string | null, requestId: string): Promise<Principal | null> {
    if (!token) return null;
    const cached = this.cache.get(token);
    if (cached && cached.expiresAt > Date.now()) return cached.principal;
    const caller = { ...callerFor(undefined, false), sessionTokenHash: sessionTokenHash(token), requestId };
    const lookup = this.inFlight.get(token) ?? { lookups: 0, forgotten: false };
    this.inFlight.set(token, { ...lookup, lookups: lookup.lookups + 1 });
    let forgottenMeanwhile: boolean;
    let response;
    try {
      ({ response } = await this.authority.execute({ query: this.principalQuery }, caller));
    } finally {
      const now = this.inFlight.get(token)!;
      forgottenMeanwhile = now.forgotten;
      if (now.lookups === 1) this.inFlight.delete(token);
      else this.inFlight.set(token, { ...now, lookups: now.lookups - 1 });
    }
    if (response.errors?.length) throw new Error(`Session lookup failed: ${response.errors[0]?.message}`);
    const principal = principalOf(response.data);
    if (!forgottenMeanwhile) this.remember(token, principal);
    return principal;
  }

  forget(token: string): void {
    this.cache.delete(token);
    const lookup = this.inFlight.get(token);
    if (lookup) this.inFlight.set(token, { ...lookup, forgotten: true });
  }

  private remember(token: string, principal: Principal | null): void {
    if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(token, { principal, expiresAt: Date.now() + CACHE_TTL_MS });
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

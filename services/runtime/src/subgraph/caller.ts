import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Who is calling a subgraph, as the gateway established it. The gateway signs it; a subgraph
 * trusts nothing else, so a request that bypasses the gateway carries no identity.
 */
export const callerSchema = z.object({
  userId: z.string().nullable(),
  isAdmin: z.boolean(),
  /**
   * SHA-256 (hex) of the browser's session token, for the identity service's sign-out, rotation
   * and session lookup. The token itself stays between the browser and the gateway.
   */
  sessionTokenHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  clientAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string(),
  /**
   * Set only when another service calls on a user's behalf (see `ServiceClient`): the calling
   * service's name. The gateway never sets it, so a browser can never claim it.
   */
  service: z.string().optional(),
});
export type Caller = z.infer<typeof callerSchema>;

/**
 * What the gateway signs for one call: the caller, and what binds the signature to this one
 * request — the service it is meant for, the SHA-256 of the exact request body, a nonce the
 * service remembers, and the time. A captured header is then good for nothing else: not another
 * query, not another service, not a second time.
 */
const signedCallSchema = z.object({
  caller: callerSchema,
  audience: z.string(),
  bodyHash: z.string(),
  nonce: z.string().min(16),
  issuedAtMs: z.number().int(),
});

export const CALLER_HEADER = 'x-brandloom-caller';
/** Long enough for a slow hop, short enough that the replay cache stays small. */
export const MAX_CALL_AGE_MS = 30_000;
/** How far ahead of the service's clock a gateway's clock may be. */
export const MAX_CLOCK_SKEW_MS = 2_000;

export const requestBodyHash = (body: string | Buffer): string => createHash('sha256').update(body).digest('base64url');

export function signCaller(
  caller: Caller,
  secret: string,
  call: { audience: string; body: string | Buffer; nowMs?: number },
): string {
  const signed: z.infer<typeof signedCallSchema> = {
    caller,
    audience: call.audience,
    bodyHash: requestBodyHash(call.body),
    // Unique is what a nonce must be (the MAC makes it unforgeable); randomUUID draws from a cached pool.
    nonce: randomUUID(),
    issuedAtMs: call.nowMs ?? Date.now(),
  };
  const payload = Buffer.from(JSON.stringify(signed)).toString('base64url');
  return `${payload}.${mac(payload, secret)}`;
}

/**
 * Checks the gateway's signed header for one service. Remembers the nonces of the calls it
 * accepted until they are too old to be accepted anyway, so each signature works once.
 */
export class CallerVerifier {
  /** nonce → when it stops mattering; in insertion order, which is (nearly) time order. */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly secret: string,
    private readonly audience: string,
    private readonly maxRemembered = 200_000,
  ) {}

  /** The caller, or null when the header is missing, forged, stale, replayed or meant for another call. */
  verify(header: string | undefined | null, body: string | Buffer, nowMs = Date.now()): Caller | null {
    if (!header) return null;
    const [payload, signature, extra] = header.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(mac(payload, this.secret));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    const signed = signedCallSchema.safeParse(decoded);
    if (!signed.success) return null;
    const { caller, audience, bodyHash, nonce, issuedAtMs } = signed.data;
    if (audience !== this.audience || bodyHash !== requestBodyHash(body)) return null;
    if (issuedAtMs > nowMs + MAX_CLOCK_SKEW_MS || issuedAtMs < nowMs - MAX_CALL_AGE_MS) return null;
    return this.firstUse(nonce, issuedAtMs, nowMs) ? caller : null;
  }

  private firstUse(nonce: string, issuedAtMs: number, nowMs: number): boolean {
    // Forgets nonces that are too old to pass the age check anyway. Past `maxRemembered`
    // (thousands of calls a second) the oldest go first: a bounded memory is worth more than
    // refusing the tail of a replay window.
    for (const [old, forgetAt] of this.seen) {
      if (forgetAt > nowMs && this.seen.size < this.maxRemembered) break;
      this.seen.delete(old);
    }
    if (this.seen.has(nonce)) return false;
    this.seen.set(nonce, issuedAtMs + MAX_CALL_AGE_MS + MAX_CLOCK_SKEW_MS);
    return true;
  }
}

function mac(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

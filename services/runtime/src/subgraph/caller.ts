import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Who is calling a subgraph, as the gateway established it. The gateway signs it; a subgraph
 * trusts nothing else, so a request that bypasses the gateway carries no identity.
 */
export const callerSchema = z.object({
  userId: z.string().nullable(),
  isAdmin: z.boolean(),
  /** The browser's session token: sent to the identity service only, for sign-out and rotation. */
  sessionToken: z.string().nullable(),
  clientAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string(),
  /** Seconds since the epoch when the gateway signed this. */
  issuedAt: z.number().int(),
});
export type Caller = z.infer<typeof callerSchema>;

export const CALLER_HEADER = 'x-brandloom-caller';
/** Long enough for a slow hop, short enough that a captured header is soon useless. */
const MAX_AGE_SECONDS = 60;

export function signCaller(caller: Caller, secret: string): string {
  const payload = Buffer.from(JSON.stringify(caller)).toString('base64url');
  return `${payload}.${mac(payload, secret)}`;
}

/** The caller, or null when the header is missing, forged or stale. */
export function verifyCaller(header: string | undefined | null, secret: string, nowSeconds: number): Caller | null {
  if (!header) return null;
  const [payload, signature] = header.split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(mac(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const caller = callerSchema.safeParse(decoded);
  if (!caller.success) return null;
  if (Math.abs(nowSeconds - caller.data.issuedAt) > MAX_AGE_SECONDS) return null;
  return caller.data;
}

function mac(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

import { z } from 'zod';

/**
 * What the identity service tells the gateway to do with the browser's session cookie. It
 * travels in a response header between the identity subgraph and the gateway, never to the
 * browser.
 */
export const sessionGrantSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('set'),
    token: z.string().min(32),
    expiresAt: z.iso.datetime(),
    /** Who the new session speaks for, so the rest of the same operation runs as them. */
    userId: z.string(),
    isAdmin: z.boolean(),
  }),
  z.object({ kind: z.literal('clear') }),
]);
export type SessionGrant = z.infer<typeof sessionGrantSchema>;

export const SESSION_GRANT_HEADER = 'x-brandloom-session';

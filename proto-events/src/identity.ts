import { z } from 'zod';

/** An account was opened. Carries no secret: never a password hash, never a credential. */
export const userRegisteredV1 = z.object({
  userId: z.uuid(),
  email: z.email(),
  firstName: z.string(),
  lastName: z.string(),
  registeredAt: z.iso.datetime(),
});

/**
 * v2 adds `isAdmin`, so consumers can tell the master admin's own account apart.
 * v1 events (recorded before admins were provisioned) upcast with `isAdmin: false`.
 */
export const userRegisteredV2 = userRegisteredV1.extend({ isAdmin: z.boolean() });

export type UserRegistered = z.infer<typeof userRegisteredV2>;

export const identityEvents = {
  UserRegistered: 'identity.UserRegistered',
} as const;

import { z } from 'zod';
import { defineContext, defineEvent } from './registry.js';

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

export const UserRegistered = defineEvent('identity.UserRegistered', userRegisteredV2, [
  { schema: userRegisteredV1, upcast: (data: z.infer<typeof userRegisteredV1>) => ({ ...data, isAdmin: false }) },
]);

/** What identity publishes. */
export const identityEvents = defineContext('identity', [UserRegistered]);

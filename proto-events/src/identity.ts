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

/**
 * The owner's saved credentials changed. Names which credentials are set now (the whole set,
 * e.g. `twitterApiKey`), so other services can tell which platforms can be connected; never a
 * value, not even sealed.
 */
export const credentialsChangedV1 = z.object({
  userId: z.uuid(),
  set: z.array(z.string().regex(/^[a-z][A-Za-z]*$/)),
  changedAt: z.iso.datetime(),
});

export type CredentialsChanged = z.infer<typeof credentialsChangedV1>;

export const CredentialsChanged = defineEvent('identity.CredentialsChanged', credentialsChangedV1);

/**
 * The master admin suspended (`active: false`) or reactivated an account. A suspended account
 * publishes nothing and its scheduler fires nothing until it is active again.
 */
export const accountStatusChangedV1 = z.object({
  userId: z.uuid(),
  active: z.boolean(),
  changedAt: z.iso.datetime(),
});

export type AccountStatusChanged = z.infer<typeof accountStatusChangedV1>;

export const AccountStatusChanged = defineEvent('identity.AccountStatusChanged', accountStatusChangedV1);

/** What identity publishes. */
export const identityEvents = defineContext('identity', [UserRegistered, CredentialsChanged, AccountStatusChanged]);

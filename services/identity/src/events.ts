import { defineEventCodec, type EventsOf } from '@brandloom/runtime';
import { z } from 'zod';

const at = z.iso.datetime();

/** Everything the identity service records. Internal: these never leave its store as they are. */
export const identityEventSchemas = {
  'identity.UserSignedUp': z.object({
    userId: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    passwordHash: z.string(),
    isAdmin: z.boolean(),
    registeredAt: at,
    /**
     * Who opened the account: the person at the sign-up form, or the operator through
     * ADMIN_EMAIL. Absent on events recorded before it was tracked; then only the operator's
     * provisioning ever registered an admin, so `isAdmin` tells.
     */
    createdBy: z.enum(['self', 'operator']).optional(),
  }),
  'identity.UserSignedIn': z.object({ userId: z.uuid(), at }),
  'identity.AdminRoleGranted': z.object({ userId: z.uuid(), at }),
  'identity.AdminRoleRevoked': z.object({ userId: z.uuid(), at }),
  'identity.PasswordChanged': z.object({ userId: z.uuid(), passwordHash: z.string(), at }),
  'identity.EmailClaimed': z.object({ email: z.string(), userId: z.uuid() }),
  'identity.SessionStarted': z.object({
    userId: z.uuid(),
    startedAt: at,
    expiresAt: at,
    clientAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    /** The account's session epoch when it started (absent before epochs were kept: 0). */
    userEpoch: z.number().int().min(0).optional(),
  }),
  'identity.SessionEnded': z.object({ reason: z.enum(['signed_out', 'rotated']), at }),
  /** The master admin suspended an account (`by`): its sessions end and it cannot sign in. */
  'identity.UserSuspended': z.object({ userId: z.uuid(), by: z.uuid(), at }),
  'identity.UserActivated': z.object({ userId: z.uuid(), by: z.uuid(), at }),
  /** A message to support from the contact form. */
  'identity.SupportMessageReceived': z.object({
    messageId: z.uuid(),
    userId: z.uuid().nullable(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    category: z.enum(['technical', 'billing', 'feature', 'general']),
    message: z.string(),
    at,
  }),
};

export const identityCodec = defineEventCodec(identityEventSchemas);
export type IdentityEvent = EventsOf<typeof identityEventSchemas>;
export type IdentityEventOf<Type extends IdentityEvent['type']> = Extract<IdentityEvent, { type: Type }>;

import { defineEventCodec, type EventsOf } from '@brandloom/runtime';
import { z } from 'zod';

/** What the vault records: ciphertext only. A secret in clear is never in an event. */
export const vaultEventSchemas = {
  'identity.CredentialsSaved': z.object({
    userId: z.uuid(),
    /** The owner's data key, sealed under the master key. */
    wrappedDataKey: z.string(),
    /** Field → its new sealed value. */
    sealed: z.record(z.string(), z.string()),
    removed: z.array(z.string()),
    /** Every field set after this change, by name only (published for platform status). */
    set: z.array(z.string()).optional(),
    at: z.iso.datetime(),
  }),
  /** A value sealed under the master key when the vault first started, to recognise the key. */
  'identity.MasterKeyEnrolled': z.object({ check: z.string(), at: z.iso.datetime() }),
};

export const vaultCodec = defineEventCodec(vaultEventSchemas);
export type VaultEvent = EventsOf<typeof vaultEventSchemas>;

import { commandHandler, ConfigError, DomainError, newId, type EventStore } from '@brandloom/runtime';
import { postPlatforms, type PostPlatform } from '@brandloom/proto-events';
import { z } from 'zod';
import {
  clearFields,
  credentialFields,
  vaultDecider,
  vaultStream,
  type CredentialField,
  type VaultState,
} from './credentials.js';
import { newDataKey, open, seal, unwrapDataKey, wrapDataKey, type MasterKey } from './crypto.js';
import { vaultCodec } from './events.js';

/** What a masked secret starts with; saving it back unchanged keeps the stored secret. */
export const MASK = '••••';

export const maskSecret = (secret: string): string => `${MASK}${secret.length >= 8 ? secret.slice(-4) : ''}`;

const credentialsInputSchema = z.object(
  Object.fromEntries(
    credentialFields.map((field) => [
      field,
      z.string(`${field} must be text`).max(4000, `${field} must be at most 4000 characters`).nullish(),
    ]),
  ) as Record<CredentialField, z.ZodOptional<z.ZodNullable<z.ZodString>>>,
);

export type CredentialsView = Partial<Record<CredentialField, string | null>>;

const KEY_CHECK_STREAM = 'vault-master-key';
const KEY_CHECK_TEXT = 'brandloom master key check';

/** The owners' credentials: sealed at rest, masked when read, in clear only for other services. */
export function credentialVault(deps: { store: EventStore; masterKey: MasterKey; now: () => Date }) {
  const { store, masterKey, now } = deps;
  const vaults = commandHandler({ store, codec: vaultCodec, decider: vaultDecider });

  const dataKeyOf = (userId: string, state: VaultState) =>
    state.wrappedDataKey ? unwrapDataKey(masterKey, userId, state.wrappedDataKey) : null;

  function reveal(userId: string, state: VaultState): Partial<Record<CredentialField, string>> {
    const dataKey = dataKeyOf(userId, state);
    if (!dataKey) return {};
    return Object.fromEntries(
      Object.entries(state.sealed).map(([field, sealed]) => [
        field,
        open(dataKey, sealed, `${userId}:${field}`).toString('utf8'),
      ]),
    );
  }

  function masked(userId: string, state: VaultState): CredentialsView {
    const secrets = reveal(userId, state);
    return Object.fromEntries(
      credentialFields.map((field) => {
        const secret = secrets[field];
        if (secret === undefined) return [field, null];
        return [field, clearFields.has(field) ? secret : maskSecret(secret)];
      }),
    );
  }

  return {
    /**
     * Refuses to start with a master key other than the one the vault first started with: the
     * stored secrets could not be read, and new ones would be sealed under a second key.
     * Nothing is written unless this is the vault's first start.
     */
    async checkMasterKey(): Promise<void> {
      const [enrolled] = await store.readStream(KEY_CHECK_STREAM);
      if (!enrolled) {
        const check = seal(masterKey, Buffer.from(KEY_CHECK_TEXT), KEY_CHECK_STREAM);
        const at = now().toISOString();
        await store.appendToStream(
          KEY_CHECK_STREAM,
          [
            {
              id: newId(),
              type: 'identity.MasterKeyEnrolled',
              version: 1,
              data: { check, at },
              metadata: { tenantId: null, correlationId: 'start', causationId: null, occurredAt: at },
            },
          ],
          { expectedRevision: 'no_stream' },
        );
        return;
      }
      const event = vaultCodec.decode(enrolled);
      try {
        if (event.type !== 'identity.MasterKeyEnrolled') throw new Error('unexpected');
        open(masterKey, event.data.check, KEY_CHECK_STREAM);
      } catch {
        throw new ConfigError([
          'MASTER_KEY is not the key the stored credentials were encrypted with; start with the original key (nothing was changed)',
        ]);
      }
    },

    async read(userId: string): Promise<CredentialsView> {
      return masked(userId, await vaults.load(vaultStream(userId)));
    },

    /**
     * A field left out or sent masked keeps its secret; an empty string removes it; anything
     * else replaces it.
     */
    async save(userId: string, input: unknown, correlationId: string): Promise<CredentialsView> {
      const parsed = credentialsInputSchema.safeParse(input ?? {});
      if (!parsed.success) throw new DomainError(parsed.error.issues[0]!.message, 'BAD_USER_INPUT');
      const state = await vaults.load(vaultStream(userId));
      const dataKey = dataKeyOf(userId, state) ?? newDataKey();
      const sealed: Partial<Record<CredentialField, string>> = {};
      const removed: CredentialField[] = [];
      for (const field of credentialFields) {
        const value = parsed.data[field]?.trim();
        if (value === undefined || value.startsWith(MASK)) continue;
        if (value === '') removed.push(field);
        else sealed[field] = seal(dataKey, Buffer.from(value), `${userId}:${field}`);
      }
      const { newState } = await vaults.handle(
        vaultStream(userId),
        {
          type: 'SaveCredentials',
          userId,
          wrappedDataKey: state.wrappedDataKey ?? wrapDataKey(masterKey, userId, dataKey),
          sealed,
          removed,
          at: now().toISOString(),
        },
        { tenantId: userId, correlationId, occurredAt: now().toISOString() },
      );
      return masked(userId, newState);
    },

    /** One platform's saved credentials in clear, by bare name: only for another service's internal call. */
    async platformCredentials(userId: string, platform: string): Promise<Record<string, string> | null> {
      if (!postPlatforms.includes(platform as PostPlatform)) {
        throw new DomainError(`Unknown platform: ${platform}`, 'NOT_FOUND');
      }
      const secrets = reveal(userId, await vaults.load(vaultStream(userId)));
      return platformFieldsOf(platform as PostPlatform, secrets);
    },

    /** The owner's AI credentials in clear: only for another service's internal call. */
    async openAiCredentials(userId: string): Promise<{ apiKey: string; baseUrl: string | null } | null> {
      const secrets = reveal(userId, await vaults.load(vaultStream(userId)));
      return secrets.openaiApiKey ? { apiKey: secrets.openaiApiKey, baseUrl: secrets.openaiBaseUrl ?? null } : null;
    },
  };
}

export type CredentialVault = ReturnType<typeof credentialVault>;

/** `twitterAccessTokenSecret` → `accessTokenSecret`: a platform's fields without its prefix. */
export function platformFieldsOf(
  platform: PostPlatform,
  secrets: Partial<Record<CredentialField, string>>,
): Record<string, string> | null {
  const fields = Object.entries(secrets)
    .filter(([field]) => field.startsWith(platform))
    .map(([field, value]) => {
      const bare = field.slice(platform.length);
      return [bare.charAt(0).toLowerCase() + bare.slice(1), value] as const;
    });
  return fields.length > 0 ? Object.fromEntries(fields) : null;
}

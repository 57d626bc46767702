import type { Decider } from '@brandloom/runtime';
import type { VaultEvent } from './events.js';

export const vaultStream = (userId: string): string => `vault-${userId}`;

/** The spec's API keys record (all optional), and the optional per-owner AI base URL. */
export const credentialFields = [
  'openaiApiKey',
  'openaiBaseUrl',
  'twitterApiKey',
  'twitterApiSecret',
  'twitterAccessToken',
  'twitterAccessTokenSecret',
  'twitterBearerToken',
  'instagramAccessToken',
  'instagramPageId',
  'instagramAppId',
  'instagramAppSecret',
  'tiktokAccessToken',
  'tiktokAppId',
  'facebookAccessToken',
  'facebookPageId',
  'facebookAppId',
  'facebookAppSecret',
] as const;
export type CredentialField = (typeof credentialFields)[number];

/** Shown as saved, not masked: an address is not a secret and the owner needs to read it back. */
export const clearFields: ReadonlySet<CredentialField> = new Set(['openaiBaseUrl']);

export interface VaultState {
  wrappedDataKey: string | null;
  sealed: Partial<Record<CredentialField, string>>;
}

/** Sealing happens before deciding (it draws random IVs); the decider sees only ciphertext. */
export type VaultCommand = {
  type: 'SaveCredentials';
  userId: string;
  wrappedDataKey: string;
  sealed: Partial<Record<CredentialField, string>>;
  removed: CredentialField[];
  at: string;
};

type CredentialsSaved = Extract<VaultEvent, { type: 'identity.CredentialsSaved' }>;

export const vaultDecider: Decider<VaultCommand, CredentialsSaved, VaultState> = {
  initialState: () => ({ wrappedDataKey: null, sealed: {} }),

  decide(command, state) {
    // Removing what is not there changes nothing; the data key, once chosen, stays the owner's.
    const removed = command.removed.filter((field) => state.sealed[field] !== undefined);
    if (Object.keys(command.sealed).length === 0 && removed.length === 0) return [];
    const set = Object.keys({ ...state.sealed, ...command.sealed })
      .filter((field) => !removed.includes(field as CredentialField))
      .sort();
    return [
      {
        type: 'identity.CredentialsSaved',
        data: {
          userId: command.userId,
          wrappedDataKey: state.wrappedDataKey ?? command.wrappedDataKey,
          sealed: command.sealed,
          removed,
          set,
          at: command.at,
        },
      },
    ];
  },

  evolve(state, event) {
    const sealed = { ...state.sealed, ...event.data.sealed } as VaultState['sealed'];
    for (const field of event.data.removed) delete sealed[field as CredentialField];
    return { wrappedDataKey: event.data.wrappedDataKey, sealed };
  },
};

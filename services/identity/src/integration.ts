import { AccountStatusChanged, CredentialsChanged, UserRegistered } from '@brandloom/proto-events';
import { envelopeOf, type RecordedEvent } from '@brandloom/runtime';
import { identityCodec } from './events.js';
import { vaultCodec } from './vault/events.js';

/**
 * The identity events other services may know about, as published contracts. The internal
 * `UserSignedUp` carries the password hash; the published `UserRegistered` never does. The vault's
 * `CredentialsSaved` carries ciphertext; the published `CredentialsChanged` only names what is set.
 */
export function identityIntegrationEvent(recorded: RecordedEvent) {
  if (recorded.type === 'identity.UserSignedUp') {
    const event = identityCodec.decode(recorded);
    if (event.type !== 'identity.UserSignedUp') return null;
    const { userId, email, firstName, lastName, isAdmin, registeredAt } = event.data;
    const data: UserRegistered = { userId, email, firstName, lastName, isAdmin, registeredAt };
    return envelopeOf(recorded, UserRegistered, data);
  }
  if (recorded.type === 'identity.CredentialsSaved') {
    const event = vaultCodec.decode(recorded);
    // Saves recorded before the vault named the whole set cannot say it; the next save will.
    if (event.type !== 'identity.CredentialsSaved' || !event.data.set) return null;
    const data: CredentialsChanged = { userId: event.data.userId, set: event.data.set, changedAt: event.data.at };
    return envelopeOf(recorded, CredentialsChanged, data);
  }
  if (recorded.type === 'identity.UserSuspended' || recorded.type === 'identity.UserActivated') {
    const event = identityCodec.decode(recorded);
    if (event.type !== 'identity.UserSuspended' && event.type !== 'identity.UserActivated') return null;
    const data: AccountStatusChanged = {
      userId: event.data.userId,
      active: event.type === 'identity.UserActivated',
      changedAt: event.data.at,
    };
    return envelopeOf(recorded, AccountStatusChanged, data);
  }
  return null;
}

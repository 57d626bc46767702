import { UserRegistered } from '@brandloom/proto-events';
import { envelopeOf, type RecordedEvent } from '@brandloom/runtime';
import { identityCodec } from './events.js';

/**
 * The identity events other services may know about, as published contracts. The internal
 * `UserSignedUp` carries the password hash; the published `UserRegistered` never does.
 */
export function identityIntegrationEvent(recorded: RecordedEvent) {
  if (recorded.type !== 'identity.UserSignedUp') return null;
  const event = identityCodec.decode(recorded);
  if (event.type !== 'identity.UserSignedUp') return null;
  const { userId, email, firstName, lastName, isAdmin, registeredAt } = event.data;
  const data: UserRegistered = { userId, email, firstName, lastName, isAdmin, registeredAt };
  return envelopeOf(recorded, UserRegistered, data);
}

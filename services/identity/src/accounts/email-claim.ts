import { createHash } from 'node:crypto';
import { DomainError, type Decider } from '@brandloom/runtime';
import { authMessages } from '@brandloom/proto-events/forms';
import type { IdentityEventOf } from '../events.js';

/**
 * An email address belongs to one account. The claim is its own stream so that "no stream yet"
 * is the uniqueness check, atomic in every event store, without reading a read model that may
 * lag. The stream id hashes the address so that ids in logs do not reveal it.
 */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
export const emailClaimStream = (normalizedEmail: string): string =>
  `email-${createHash('sha256').update(normalizedEmail).digest('hex').slice(0, 40)}`;

export type EmailClaimState = { status: 'unclaimed' } | { status: 'claimed'; userId: string };
export type ClaimEmail = { type: 'ClaimEmail'; email: string; userId: string };
type EmailClaimed = IdentityEventOf<'identity.EmailClaimed'>;

export const emailClaimDecider: Decider<ClaimEmail, EmailClaimed, EmailClaimState> = {
  initialState: () => ({ status: 'unclaimed' }),
  decide(command, state) {
    if (state.status === 'unclaimed') {
      return [{ type: 'identity.EmailClaimed', data: { email: command.email, userId: command.userId } }];
    }
    if (state.userId === command.userId) return [];
    throw new DomainError(authMessages.emailTaken, 'CONFLICT');
  },
  evolve: (_state, event) => ({ status: 'claimed', userId: event.data.userId }),
};

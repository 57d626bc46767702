import { createHash, randomBytes } from 'node:crypto';
import type { Decider } from '@brandloom/runtime';
import type { IdentityEventOf } from '../events.js';

/**
 * A browser session. The browser holds a random token; the store keeps only its SHA-256, as the
 * stream id, so a copy of the store cannot be replayed as someone's cookie.
 */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');
export const sessionTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
/**
 * The stream of a session, by the SHA-256 of its token: identity is told only the hash by the
 * gateway, so the token itself never travels between services.
 */
export const sessionStream = (tokenHash: string): string => `session-${tokenHash}`;
/** The token hash a session stream is named by (`sessionStream`'s inverse). */
export const tokenHashOfStream = (streamId: string): string => streamId.slice('session-'.length);

export type SessionState =
  | { status: 'none' }
  | { status: 'active'; userId: string; userEpoch: number; expiresAt: string }
  | { status: 'ended'; userId: string };

export type SessionCommand =
  | {
      type: 'StartSession';
      userId: string;
      at: string;
      expiresAt: string;
      clientAddress: string | null;
      userAgent: string | null;
      userEpoch: number;
    }
  | { type: 'EndSession'; reason: 'signed_out' | 'rotated'; at: string };

type SessionEvent = IdentityEventOf<'identity.SessionStarted' | 'identity.SessionEnded'>;

export const sessionDecider: Decider<SessionCommand, SessionEvent, SessionState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'StartSession': {
        if (state.status !== 'none') return [];
        const { type: _type, at, ...session } = command;
        return [{ type: 'identity.SessionStarted', data: { ...session, startedAt: at } }];
      }
      case 'EndSession':
        return state.status === 'active'
          ? [{ type: 'identity.SessionEnded', data: { reason: command.reason, at: command.at } }]
          : [];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'identity.SessionStarted':
        return {
          status: 'active',
          userId: event.data.userId,
          userEpoch: event.data.userEpoch ?? 0,
          expiresAt: event.data.expiresAt,
        };
      case 'identity.SessionEnded':
        return state.status === 'active' ? { status: 'ended', userId: state.userId } : state;
    }
  },
};

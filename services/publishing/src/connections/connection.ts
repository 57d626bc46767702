import type { PostPlatform } from '@brandloom/proto-events';
import type { Decider } from '@brandloom/runtime';
import type { PublishingEventOf } from '../events.js';

export const connectionStream = (userId: string, platform: PostPlatform): string => `connection-${userId}-${platform}`;

/** What publishing last learnt of an owner's account on one platform. */
export type ConnectionState =
  { status: 'unknown' } | { status: 'connected'; at: string } | { status: 'disconnected'; reason: string; at: string };

export type ConnectionCommand =
  /** A connection test passed: recorded every time (its time is the status's `verifiedAt`). */
  | { type: 'RecordVerified'; userId: string; platform: PostPlatform; at: string }
  /** The platform refused the token (a test of the saved credentials, or a publish): told once. */
  | { type: 'RecordAuthFailure'; userId: string; platform: PostPlatform; reason: string; at: string }
  /** A post went out: the account works, which matters only if it was thought disconnected. */
  | { type: 'RecordPublished'; userId: string; platform: PostPlatform; at: string };

type ConnectionEvent = PublishingEventOf<'publishing.PlatformConnectionChanged'>;

const changed = (command: ConnectionCommand, connected: boolean, reason: string | null): ConnectionEvent[] => [
  {
    type: 'publishing.PlatformConnectionChanged',
    data: { userId: command.userId, platform: command.platform, connected, reason, changedAt: command.at },
  },
];

export const connectionDecider: Decider<ConnectionCommand, ConnectionEvent, ConnectionState> = {
  initialState: () => ({ status: 'unknown' }),

  decide(command, state) {
    switch (command.type) {
      case 'RecordVerified':
        return changed(command, true, null);
      case 'RecordAuthFailure':
        // 500 due posts on a revoked token tell the owner once, not 500 times.
        return state.status === 'disconnected' ? [] : changed(command, false, command.reason);
      case 'RecordPublished':
        return state.status === 'disconnected' ? changed(command, true, null) : [];
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(_state, event) {
    const { connected, reason, changedAt } = event.data;
    return connected
      ? { status: 'connected', at: changedAt }
      : { status: 'disconnected', reason: reason ?? 'disconnected', at: changedAt };
  },
};

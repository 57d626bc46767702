import { DomainError, type Decider } from '@brandloom/runtime';
import { authMessages } from '@brandloom/proto-events/forms';
import type { IdentityEvent, IdentityEventOf } from '../events.js';

export const userStream = (userId: string): string => `user-${userId}`;

export interface Account {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  isAdmin: boolean;
  /** Opened by the operator's ADMIN_EMAIL rather than at the sign-up form. */
  createdByOperator: boolean;
  registeredAt: string;
  lastActiveAt: string | null;
  /**
   * Counts the changes of password and role. A session records the epoch it started in and
   * counts only while it is still the account's, so such a change ends every session at once.
   */
  sessionEpoch: number;
  /** False while the master admin has the account suspended. */
  isActive: boolean;
}

/**
 * The account's changes that end every session it has: a role or password change, a suspension.
 * The decider and the sessions read model both count the epoch by this one list.
 */
export const SESSION_ENDING_EVENTS: ReadonlySet<UserEvent['type']> = new Set([
  'identity.AdminRoleGranted',
  'identity.AdminRoleRevoked',
  'identity.PasswordChanged',
  'identity.UserSuspended',
] as const);

export type UserState = { status: 'unregistered' } | { status: 'registered'; account: Account };

export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: string;
      email: string;
      firstName: string;
      lastName: string;
      passwordHash: string;
      isAdmin: boolean;
      createdBy: 'self' | 'operator';
      at: string;
    }
  | { type: 'GrantAdminRole'; at: string }
  | { type: 'RevokeAdminRole'; at: string }
  | { type: 'ChangePassword'; passwordHash: string; at: string }
  | { type: 'Suspend'; by: string; at: string }
  | { type: 'Activate'; by: string; at: string };

// `identity.UserSignedIn` is history: sign-ins were once recorded on the user stream too. A
// sign-in is now the session it starts (one append, not two), and no command emits it.
type UserEvent = Extract<
  IdentityEvent,
  {
    type:
      | 'identity.UserSignedUp'
      | 'identity.UserSignedIn'
      | 'identity.AdminRoleGranted'
      | 'identity.AdminRoleRevoked'
      | 'identity.PasswordChanged'
      | 'identity.UserSuspended'
      | 'identity.UserActivated';
  }
>;

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: () => ({ status: 'unregistered' }),

  decide(command, state) {
    if (command.type === 'RegisterUser') {
      if (state.status === 'registered') throw new DomainError(authMessages.emailTaken, 'CONFLICT');
      const { type: _type, at, ...account } = command;
      return [{ type: 'identity.UserSignedUp', data: { ...account, registeredAt: at } }];
    }
    if (state.status === 'unregistered') throw new DomainError('No such account', 'NOT_FOUND');
    const { userId } = state.account;
    switch (command.type) {
      case 'GrantAdminRole':
        return state.account.isAdmin ? [] : [{ type: 'identity.AdminRoleGranted', data: { userId, at: command.at } }];
      case 'RevokeAdminRole':
        return state.account.isAdmin ? [{ type: 'identity.AdminRoleRevoked', data: { userId, at: command.at } }] : [];
      case 'ChangePassword':
        return [
          { type: 'identity.PasswordChanged', data: { userId, passwordHash: command.passwordHash, at: command.at } },
        ];
      case 'Suspend':
        if (!state.account.isActive) throw new DomainError('This account is already suspended', 'CONFLICT');
        return [{ type: 'identity.UserSuspended', data: { userId, by: command.by, at: command.at } }];
      case 'Activate':
        if (state.account.isActive) throw new DomainError('This account is already active', 'CONFLICT');
        return [{ type: 'identity.UserActivated', data: { userId, by: command.by, at: command.at } }];
      default:
        return unreachable(command);
    }
  },

  evolve(state, event) {
    if (event.type === 'identity.UserSignedUp') {
      const { registeredAt, createdBy, ...account } = event.data;
      const createdByOperator = (createdBy ?? (account.isAdmin ? 'operator' : 'self')) === 'operator';
      return {
        status: 'registered',
        account: {
          ...account,
          createdByOperator,
          registeredAt,
          lastActiveAt: registeredAt,
          sessionEpoch: 0,
          isActive: true,
        },
      };
    }
    if (state.status !== 'registered') return state;
    const account = applyToAccount(state.account, event);
    const sessionEpoch = state.account.sessionEpoch + (SESSION_ENDING_EVENTS.has(event.type) ? 1 : 0);
    return { status: 'registered', account: { ...account, sessionEpoch } };
  },
};

function applyToAccount(
  account: Account,
  event: Exclude<UserEvent, IdentityEventOf<'identity.UserSignedUp'>>,
): Account {
  switch (event.type) {
    case 'identity.UserSignedIn':
      return { ...account, lastActiveAt: event.data.at };
    case 'identity.AdminRoleGranted':
      return { ...account, isAdmin: true };
    case 'identity.AdminRoleRevoked':
      return { ...account, isAdmin: false };
    case 'identity.PasswordChanged':
      return { ...account, passwordHash: event.data.passwordHash };
    case 'identity.UserSuspended':
      // Like a password change, a suspension ends every session of the account at once.
      return { ...account, isActive: false };
    case 'identity.UserActivated':
      return { ...account, isActive: true };
    default:
      return unreachable(event);
  }
}

function unreachable(value: never): never {
  throw new Error(`Unhandled ${JSON.stringify(value)}`);
}

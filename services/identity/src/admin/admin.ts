import { commandHandler, DomainError, type Caller, type EventStore, type ProjectionRunner } from '@brandloom/runtime';
import { identityCodec } from '../events.js';
import { userDecider, userStream } from '../accounts/user.js';
import type { UsersReadModel } from '../read-models/users.js';

export const accountActionNames = ['suspend', 'activate'] as const;

/** The master admin's own check, on the server: a signed-in admin, or 401/403. */
export function requireAdmin(caller: Caller): string {
  if (!caller.userId) throw new DomainError('Please sign in first', 'UNAUTHENTICATED');
  if (!caller.isAdmin) throw new DomainError('Only the master admin can do this', 'FORBIDDEN');
  return caller.userId;
}

/** The master admin's view of the accounts and its suspend and activate actions. */
export function adminAccounts(deps: {
  store: EventStore;
  readModels: ProjectionRunner;
  users: UsersReadModel;
  now: () => Date;
}) {
  const accounts = commandHandler({ store: deps.store, codec: identityCodec, decider: userDecider });
  return {
    users(caller: Caller) {
      requireAdmin(caller);
      return deps.users.all();
    },

    stats(caller: Caller) {
      requireAdmin(caller);
      const monthAgo = new Date(deps.now().getTime() - 30 * 86_400_000).toISOString();
      return deps.users.counts(monthAgo);
    },

    /**
     * Suspends or activates an account, recorded with the admin who did it. A suspension moves
     * the account's session epoch on, so each of its sessions ends at the next request.
     */
    async act(userId: string, action: string, caller: Caller): Promise<void> {
      const adminId = requireAdmin(caller);
      const at = deps.now().toISOString();
      const command =
        action === 'suspend'
          ? ({ type: 'Suspend', by: adminId, at } as const)
          : action === 'activate'
            ? ({ type: 'Activate', by: adminId, at } as const)
            : null;
      if (!command) {
        throw new DomainError(
          `Unknown action "${action}": use extend-trial, upgrade, suspend or activate`,
          'BAD_USER_INPUT',
        );
      }
      if (userId === adminId) throw new DomainError('You cannot act on your own account', 'FORBIDDEN');
      const target = deps.users.get(userId);
      if (!target) throw new DomainError('No such user', 'NOT_FOUND');
      if (target.isAdmin) throw new DomainError('The master admin account cannot be changed here', 'FORBIDDEN');
      const { position } = await accounts.handle(userStream(userId), command, {
        tenantId: userId,
        correlationId: caller.requestId,
        occurredAt: at,
      });
      if (position !== null) await deps.readModels.waitFor(position);
    },
  };
}

export type AdminAccounts = ReturnType<typeof adminAccounts>;

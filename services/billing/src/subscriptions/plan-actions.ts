import { commandHandler, DomainError, type EventStore, type ProjectionRunner } from '@brandloom/runtime';
import { billingCodec } from '../events.js';
import type { AccountsReadModel } from '../read-models/accounts.js';
import { subscriptionDecider, subscriptionStream, type SubscriptionCommand } from './subscription.js';

export const planActionNames = ['extend-trial', 'upgrade'] as const;

/** The master admin's actions on a user's plan, each recorded with who took it. */
export function planActions(deps: {
  store: EventStore;
  readModels: ProjectionRunner;
  accounts: AccountsReadModel;
  now: () => Date;
}) {
  const subscriptions = commandHandler({ store: deps.store, codec: billingCodec, decider: subscriptionDecider });
  return {
    async act(userId: string, action: string, adminId: string, requestId: string): Promise<void> {
      const at = deps.now().toISOString();
      const command: SubscriptionCommand | null =
        action === 'extend-trial'
          ? { type: 'ExtendTrial', by: adminId, at }
          : action === 'upgrade'
            ? { type: 'GrantProfessional', by: adminId, at }
            : null;
      if (!command) throw new DomainError(`Unknown action "${action}": use extend-trial or upgrade`, 'BAD_USER_INPUT');
      if (userId === adminId) throw new DomainError('You cannot act on your own account', 'FORBIDDEN');
      const account = deps.accounts.get(userId);
      if (!account) throw new DomainError('No such user', 'NOT_FOUND');
      if (account.isAdmin) throw new DomainError('The master admin account cannot be changed here', 'FORBIDDEN');
      const { position } = await subscriptions.handle(subscriptionStream(userId), command, {
        tenantId: userId,
        correlationId: requestId,
        occurredAt: at,
      });
      if (position !== null) await deps.readModels.waitFor(position);
    },
  };
}

export type PlanActions = ReturnType<typeof planActions>;

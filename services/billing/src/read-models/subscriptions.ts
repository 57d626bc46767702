import type { Projection, RecordedEvent } from '@brandloom/runtime';
import { billingCodec } from '../events.js';

export interface SubscriptionView {
  userId: string;
  tier: 'starter' | 'professional' | 'enterprise' | 'agency' | null;
  trialEndsAt: string | null;
  subscriptionEndsAt: string | null;
}

/** Each user's plan, for the fields billing contributes to `User`. */
export class SubscriptionsReadModel implements Projection {
  readonly name = 'subscriptions';
  private readonly byUser = new Map<string, SubscriptionView>();

  get(userId: string): SubscriptionView | null {
    return this.byUser.get(userId) ?? null;
  }

  apply(recorded: RecordedEvent): void {
    if (!billingCodec.knows(recorded.type)) return;
    const event = billingCodec.decode(recorded);
    if (event.type === 'billing.TrialStarted') {
      const { userId, trialEndsAt } = event.data;
      this.byUser.set(userId, { userId, tier: null, trialEndsAt, subscriptionEndsAt: null });
    }
  }
}

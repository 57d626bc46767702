import type { Projection, ReadModelDatabase, RecordedEvent } from '@brandloom/runtime';
import { billingCodec } from '../events.js';

export interface SubscriptionView {
  userId: string;
  tier: 'starter' | 'professional' | 'enterprise' | 'agency' | null;
  trialEndsAt: string | null;
  subscriptionEndsAt: string | null;
}

interface SubscriptionRow {
  user_id: string;
  tier: SubscriptionView['tier'];
  trial_ends_at: string | null;
  subscription_ends_at: string | null;
}

const TABLE = 'subscriptions';

/** Each user's plan, for the fields billing contributes to `User`, in the read-model database. */
export class SubscriptionsReadModel implements Projection {
  readonly name = 'subscriptions';
  readonly version = 1;
  readonly categories = ['subscription'];
  readonly tables = [TABLE];
  private statements: ReturnType<typeof prepare> | null = null;

  attach(db: ReadModelDatabase): void {
    db.exec(`
      CREATE TABLE IF NOT EXISTS ${TABLE} (
        user_id TEXT PRIMARY KEY,
        tier TEXT,
        trial_ends_at TEXT,
        subscription_ends_at TEXT
      ) STRICT, WITHOUT ROWID;
    `);
    this.statements = prepare(db);
  }

  get(userId: string): SubscriptionView | null {
    const row = this.attached().get.get(userId);
    return row
      ? {
          userId: row.user_id,
          tier: row.tier,
          trialEndsAt: row.trial_ends_at,
          subscriptionEndsAt: row.subscription_ends_at,
        }
      : null;
  }

  apply(recorded: RecordedEvent): void {
    if (!billingCodec.knows(recorded.type)) return;
    const event = billingCodec.decodeTrusted(recorded);
    if (event.type === 'billing.TrialStarted') {
      const { userId, trialEndsAt } = event.data;
      this.attached().startTrial.run({ userId, trialEndsAt });
    }
  }

  private attached() {
    if (!this.statements) throw new Error('The subscriptions read model is not attached to its database yet');
    return this.statements;
  }
}

function prepare(db: ReadModelDatabase) {
  return {
    get: db.prepare<[string], SubscriptionRow>(`SELECT * FROM ${TABLE} WHERE user_id = ?`),
    startTrial: db.prepare<{ userId: string; trialEndsAt: string }>(
      `INSERT OR REPLACE INTO ${TABLE} (user_id, tier, trial_ends_at, subscription_ends_at)
       VALUES (@userId, NULL, @trialEndsAt, NULL)`,
    ),
  };
}

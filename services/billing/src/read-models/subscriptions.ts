import { type Projection, type ReadModelDatabase, type RecordedEvent, readModelTables } from '@brandloom/runtime';
import { billingCodec, type BillingEvent } from '../events.js';
import type { Tier } from '../plans/plans.js';
import { dueAt, type SubscriptionStatus } from '../subscriptions/subscription.js';

export interface SubscriptionView {
  userId: string;
  tier: Tier | null;
  status: SubscriptionStatus;
  trialEndsAt: string | null;
  /** The end of the paid period (access ends here once canceled). */
  subscriptionEndsAt: string | null;
  stripeCustomerId: string | null;
  /** When the plan ends by itself, for the expiry timer; null when it does not. */
  dueAt: string | null;
}

/** An admin's action on a user's plan, for the account's history. */
export interface PlanActionView {
  action: 'extend-trial' | 'upgrade';
  by: string;
  at: string;
}

export interface PlanStats {
  trialUsers: number;
  paidUsers: number;
  /** Dollars. */
  totalRevenue: number;
  monthlyRevenue: number;
  /** Percent of users who ever paid whose plan is now canceled or expired. */
  churnRate: number;
  /** Percent of users with a plan who ever paid. */
  conversionRate: number;
}

interface SubscriptionRow {
  user_id: string;
  tier: Tier | null;
  status: SubscriptionStatus;
  trial_ends_at: string | null;
  subscription_ends_at: string | null;
  stripe_customer_id: string | null;
  due_at: string | null;
  ever_paid: number;
}

/**
 * Each user's plan, the admins' actions on it and the payments received, in the read-model
 * database. The plan follows `billing.SubscriptionChanged`, which carries all of it.
 */
export class SubscriptionsReadModel implements Projection {
  readonly name = 'subscriptions';
  readonly version = 2;
  readonly categories = ['subscription'];
  readonly tables = ['subscriptions', 'plan_actions', 'payments'];
  private readonly store = readModelTables(
    'subscriptions',
    `
      CREATE TABLE IF NOT EXISTS subscriptions (
        user_id TEXT PRIMARY KEY,
        tier TEXT,
        status TEXT NOT NULL,
        trial_ends_at TEXT,
        subscription_ends_at TEXT,
        stripe_customer_id TEXT,
        due_at TEXT,
        ever_paid INTEGER NOT NULL DEFAULT 0
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS subscriptions_due ON subscriptions (due_at) WHERE due_at IS NOT NULL;
      CREATE TABLE IF NOT EXISTS plan_actions (user_id TEXT NOT NULL, action TEXT NOT NULL, by TEXT NOT NULL, at TEXT NOT NULL) STRICT;
      CREATE INDEX IF NOT EXISTS plan_actions_user ON plan_actions (user_id);
      CREATE TABLE IF NOT EXISTS payments (user_id TEXT NOT NULL, amount_cents INTEGER NOT NULL, at TEXT NOT NULL) STRICT;
    `,
    prepare,
  );
  /** Per user id: the plan the current user's fields read on every request. */
  private readonly plans = this.store.rows<SubscriptionView | null>();

  attach(db: ReadModelDatabase): void {
    this.store.attach(db);
  }

  get(userId: string): SubscriptionView | null {
    return this.plans.read(userId, () => {
      const row = this.store.statements().get.get(userId);
      return row ? toView(row) : null;
    });
  }

  /** The users whose trial or canceled period has ended by `now` and is not yet recorded as ended. */
  due(now: string, limit = 100): string[] {
    return this.store
      .statements()
      .due.all(now, limit)
      .map((row) => row.user_id);
  }

  actions(userId: string): PlanActionView[] {
    return this.store.statements().actions.all(userId);
  }

  stats(now: Date): PlanStats {
    const s = this.store.statements();
    const counts = s.counts.get()!;
    const monthAgo = new Date(now.getTime() - 30 * 86_400_000).toISOString();
    const revenue = s.revenue.get(monthAgo)!;
    const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);
    return {
      trialUsers: counts.trial,
      paidUsers: counts.paid,
      totalRevenue: revenue.total / 100,
      monthlyRevenue: revenue.month / 100,
      churnRate: percent(counts.churned, counts.everPaid),
      conversionRate: percent(counts.everPaid, counts.all),
    };
  }

  apply(recorded: RecordedEvent): void {
    if (!billingCodec.knows(recorded.type)) return;
    this.applyEvent(billingCodec.decodeTrusted(recorded));
  }

  private applyEvent(event: BillingEvent): void {
    const s = this.store.statements();
    this.plans.forget(event.data.userId);
    switch (event.type) {
      case 'billing.SubscriptionChanged': {
        const plan = event.data;
        s.upsert.run({
          userId: plan.userId,
          tier: plan.tier,
          status: plan.status,
          trialEndsAt: plan.trialEndsAt,
          subscriptionEndsAt: plan.currentPeriodEndsAt,
          dueAt: dueAt({ ...plan }),
          paid: plan.status === 'active' ? 1 : 0,
        });
        return;
      }
      case 'billing.TrialStarted':
        // Streams recorded before every change carried a snapshot: the trial alone.
        s.upsert.run({
          userId: event.data.userId,
          tier: null,
          status: 'trial',
          trialEndsAt: event.data.trialEndsAt,
          subscriptionEndsAt: null,
          dueAt: event.data.trialEndsAt,
          paid: 0,
        });
        return;
      case 'billing.StripeCustomerCreated':
        s.setCustomer.run({ userId: event.data.userId, customerId: event.data.customerId });
        return;
      case 'billing.TrialExtended':
        s.addAction.run({ userId: event.data.userId, action: 'extend-trial', by: event.data.by, at: event.data.at });
        return;
      case 'billing.SubscriptionActivated':
        if (event.data.by)
          s.addAction.run({ userId: event.data.userId, action: 'upgrade', by: event.data.by, at: event.data.at });
        return;
      case 'billing.PaymentReceived':
        s.addPayment.run({ userId: event.data.userId, amountCents: event.data.amountCents, at: event.data.at });
        return;
      default:
        return;
    }
  }
}

function prepare(db: ReadModelDatabase) {
  return {
    get: db.prepare<[string], SubscriptionRow>(`SELECT * FROM subscriptions WHERE user_id = ?`),
    due: db.prepare<[string, number], { user_id: string }>(
      `SELECT user_id FROM subscriptions WHERE due_at IS NOT NULL AND due_at <= ? ORDER BY due_at LIMIT ?`,
    ),
    upsert: db.prepare<{
      userId: string;
      tier: string | null;
      status: string;
      trialEndsAt: string | null;
      subscriptionEndsAt: string | null;
      dueAt: string | null;
      paid: number;
    }>(
      `INSERT INTO subscriptions (user_id, tier, status, trial_ends_at, subscription_ends_at, due_at, ever_paid)
       VALUES (@userId, @tier, @status, @trialEndsAt, @subscriptionEndsAt, @dueAt, @paid)
       ON CONFLICT (user_id) DO UPDATE SET tier = @tier, status = @status, trial_ends_at = @trialEndsAt,
         subscription_ends_at = @subscriptionEndsAt, due_at = @dueAt, ever_paid = MAX(ever_paid, @paid)`,
    ),
    setCustomer: db.prepare<{ userId: string; customerId: string }>(
      `UPDATE subscriptions SET stripe_customer_id = @customerId WHERE user_id = @userId`,
    ),
    addAction: db.prepare<{ userId: string; action: string; by: string; at: string }>(
      `INSERT INTO plan_actions (user_id, action, by, at) VALUES (@userId, @action, @by, @at)`,
    ),
    actions: db.prepare<[string], PlanActionView>(
      `SELECT action, by, at FROM plan_actions WHERE user_id = ? ORDER BY at`,
    ),
    addPayment: db.prepare<{ userId: string; amountCents: number; at: string }>(
      `INSERT INTO payments (user_id, amount_cents, at) VALUES (@userId, @amountCents, @at)`,
    ),
    counts: db.prepare<[], { all: number; trial: number; paid: number; everPaid: number; churned: number }>(
      `SELECT COUNT(*) AS "all",
         COALESCE(SUM(status = 'trial'), 0) AS trial,
         COALESCE(SUM(status IN ('active', 'canceled')), 0) AS paid,
         COALESCE(SUM(ever_paid), 0) AS everPaid,
         COALESCE(SUM(ever_paid = 1 AND status IN ('canceled', 'expired')), 0) AS churned
       FROM subscriptions`,
    ),
    revenue: db.prepare<[string], { total: number; month: number }>(
      `SELECT COALESCE(SUM(amount_cents), 0) AS total,
         COALESCE(SUM(CASE WHEN at >= ? THEN amount_cents ELSE 0 END), 0) AS month FROM payments`,
    ),
  };
}

function toView(row: SubscriptionRow): SubscriptionView {
  return {
    userId: row.user_id,
    tier: row.tier,
    status: row.status,
    trialEndsAt: row.trial_ends_at,
    subscriptionEndsAt: row.subscription_ends_at,
    stripeCustomerId: row.stripe_customer_id,
    dueAt: row.due_at,
  };
}

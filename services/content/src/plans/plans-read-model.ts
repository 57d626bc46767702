import { createIntegrationEventRegistry, SubscriptionChanged, TrialStarted } from '@brandloom/proto-events';
import {
  parseInboxCopy,
  type Projection,
  type ReadModelDatabase,
  type RecordedEvent,
  readModelTables,
} from '@brandloom/runtime';
import type { PlanView } from './plan-limits.js';

const TABLE = 'plans';

interface PlanRow {
  tier: PlanView['tier'];
  status: PlanView['status'];
  trial_ends_at: string | null;
}

/** Each user's plan as billing last published it (inbox copies), for the monthly post limit. */
export class PlansReadModel implements Projection {
  readonly name = 'plans';
  readonly version = 1;
  readonly categories = ['inbox'];
  readonly tables = [TABLE];
  private readonly registry = createIntegrationEventRegistry();
  private readonly store = readModelTables(
    'plans',
    `
      CREATE TABLE IF NOT EXISTS ${TABLE} (
        user_id TEXT PRIMARY KEY,
        tier TEXT,
        status TEXT NOT NULL,
        trial_ends_at TEXT
      ) STRICT, WITHOUT ROWID;
    `,
    prepare,
  );

  attach(db: ReadModelDatabase): void {
    this.store.attach(db);
  }

  get(userId: string): PlanView | null {
    const row = this.store.statements().get.get(userId);
    return row ? { tier: row.tier, status: row.status, trialEndsAt: row.trial_ends_at } : null;
  }

  apply(recorded: RecordedEvent): void {
    if (recorded.type !== TrialStarted.type && recorded.type !== SubscriptionChanged.type) return;
    const copy = parseInboxCopy(this.registry, recorded);
    if (copy.type === TrialStarted.type) {
      const { userId, trialEndsAt } = copy.data;
      this.store.statements().upsert.run({ userId, tier: null, status: 'trial', trialEndsAt });
    } else if (copy.type === SubscriptionChanged.type) {
      const { userId, tier, status, trialEndsAt } = copy.data;
      this.store.statements().upsert.run({ userId, tier, status, trialEndsAt });
    }
  }
}

function prepare(db: ReadModelDatabase) {
  return {
    get: db.prepare<[string], PlanRow>(`SELECT tier, status, trial_ends_at FROM ${TABLE} WHERE user_id = ?`),
    upsert: db.prepare<{ userId: string; tier: string | null; status: string; trialEndsAt: string | null }>(
      `INSERT OR REPLACE INTO ${TABLE} (user_id, tier, status, trial_ends_at)
       VALUES (@userId, @tier, @status, @trialEndsAt)`,
    ),
  };
}

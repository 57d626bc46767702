import {
  AccountStatusChanged,
  createIntegrationEventRegistry,
  SubscriptionChanged,
  TrialStarted,
} from '@brandloom/proto-events';
import {
  parseInboxCopy,
  readModelTables,
  type Projection,
  type ReadModelDatabase,
  type RecordedEvent,
} from '@brandloom/runtime';
import { newAccountStanding, type AccountStanding } from './plan-gate.js';

const TABLE = 'account_standing';

interface StandingRow {
  tier: AccountStanding['tier'];
  status: AccountStanding['status'];
  period_ends_at: string | null;
  active: number;
}

/** Each account's plan (billing) and suspension (identity), from the inbox copies of their events. */
export class AccountsReadModel implements Projection {
  readonly name = 'accounts';
  readonly version = 1;
  readonly categories = ['inbox'];
  readonly tables = [TABLE];
  private readonly registry = createIntegrationEventRegistry();
  private readonly store = readModelTables(
    'accounts',
    `
      CREATE TABLE IF NOT EXISTS ${TABLE} (
        user_id TEXT PRIMARY KEY,
        tier TEXT,
        status TEXT NOT NULL DEFAULT 'trial',
        period_ends_at TEXT,
        active INTEGER NOT NULL DEFAULT 1
      ) STRICT, WITHOUT ROWID;
    `,
    prepare,
  );

  attach(db: ReadModelDatabase): void {
    this.store.attach(db);
  }

  get(userId: string): AccountStanding {
    const row = this.store.statements().get.get(userId);
    if (!row) return newAccountStanding;
    return { tier: row.tier, status: row.status, currentPeriodEndsAt: row.period_ends_at, active: row.active === 1 };
  }

  apply(recorded: RecordedEvent): void {
    const types: string[] = [TrialStarted.type, SubscriptionChanged.type, AccountStatusChanged.type];
    if (!types.includes(recorded.type)) return;
    const copy = parseInboxCopy(this.registry, recorded);
    const statements = this.store.statements();
    if (copy.type === TrialStarted.type) {
      statements.plan.run({ userId: copy.data.userId, tier: null, status: 'trial', periodEndsAt: null });
    } else if (copy.type === SubscriptionChanged.type) {
      const { userId, tier, status, currentPeriodEndsAt } = copy.data;
      statements.plan.run({ userId, tier, status, periodEndsAt: currentPeriodEndsAt });
    } else if (copy.type === AccountStatusChanged.type) {
      statements.active.run({ userId: copy.data.userId, active: copy.data.active ? 1 : 0 });
    }
  }
}

function prepare(db: ReadModelDatabase) {
  return {
    get: db.prepare<[string], StandingRow>(
      `SELECT tier, status, period_ends_at, active FROM ${TABLE} WHERE user_id = ?`,
    ),
    plan: db.prepare<{ userId: string; tier: string | null; status: string; periodEndsAt: string | null }>(
      `INSERT INTO ${TABLE} (user_id, tier, status, period_ends_at) VALUES (@userId, @tier, @status, @periodEndsAt)
       ON CONFLICT (user_id) DO UPDATE SET tier = excluded.tier, status = excluded.status,
         period_ends_at = excluded.period_ends_at`,
    ),
    active: db.prepare<{ userId: string; active: number }>(
      `INSERT INTO ${TABLE} (user_id, active) VALUES (@userId, @active)
       ON CONFLICT (user_id) DO UPDATE SET active = excluded.active`,
    ),
  };
}

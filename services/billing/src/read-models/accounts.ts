import { createIntegrationEventRegistry, UserRegistered } from '@brandloom/proto-events';
import {
  parseInboxCopy,
  type Projection,
  type ReadModelDatabase,
  type RecordedEvent,
  readModelTables,
} from '@brandloom/runtime';

/**
 * The accounts billing has heard of, from the registrations in its inbox: enough for an admin's
 * plan action to tell an unknown user (404) and the operator's master admin (refused) apart.
 * An account promoted to admin after it registered is not seen here; identity refuses actions on
 * it for the account paths.
 */
export class AccountsReadModel implements Projection {
  readonly name = 'accounts';
  readonly version = 1;
  readonly categories = ['inbox'];
  readonly tables = ['accounts'];
  private readonly registry = createIntegrationEventRegistry();
  private readonly store = readModelTables(
    'accounts',
    `CREATE TABLE IF NOT EXISTS accounts (user_id TEXT PRIMARY KEY, is_admin INTEGER NOT NULL) STRICT, WITHOUT ROWID;`,
    prepare,
  );

  attach(db: ReadModelDatabase): void {
    this.store.attach(db);
  }

  /** Null for an account billing never heard of. */
  get(userId: string): { isAdmin: boolean } | null {
    const row = this.store.statements().get.get(userId);
    return row ? { isAdmin: row.is_admin === 1 } : null;
  }

  apply(recorded: RecordedEvent): void {
    if (recorded.type !== UserRegistered.type) return;
    const copy = parseInboxCopy(this.registry, recorded);
    if (copy.type !== UserRegistered.type) return;
    this.store.statements().upsert.run({ userId: copy.data.userId, isAdmin: copy.data.isAdmin ? 1 : 0 });
  }
}

function prepare(db: ReadModelDatabase) {
  return {
    get: db.prepare<[string], { is_admin: number }>(`SELECT is_admin FROM accounts WHERE user_id = ?`),
    upsert: db.prepare<{ userId: string; isAdmin: number }>(
      `INSERT OR REPLACE INTO accounts (user_id, is_admin) VALUES (@userId, @isAdmin)`,
    ),
  };
}

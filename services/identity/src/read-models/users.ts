import { type Projection, type ReadModelDatabase, type RecordedEvent, readModelTables } from '@brandloom/runtime';
import { identityCodec } from '../events.js';

/** What the product shows of an account (never the password hash). */
export interface UserProfile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  isActive: boolean;
  createdAt: string;
  lastActiveAt: string | null;
}

interface UserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  is_admin: number;
  is_active: number;
  created_at: string;
  last_active_at: string | null;
}

const TABLE = 'users';

/**
 * Accounts by id, for `me` and for the `User` entity, in the read-model database. A sign-in is
 * the session it starts: `lastActiveAt` follows `identity.SessionStarted`, so a sign-in appends
 * to the session stream alone. `identity.UserSignedIn`, which older stores hold, still counts.
 */
export class UsersReadModel implements Projection {
  readonly name = 'users';
  readonly version = 2;
  readonly categories = ['user', 'session'];
  readonly tables = [TABLE, 'account_actions'];
  private readonly store = readModelTables(
    'users',
    `
      CREATE TABLE IF NOT EXISTS ${TABLE} (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        is_admin INTEGER NOT NULL,
        is_active INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        last_active_at TEXT
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS account_actions (user_id TEXT NOT NULL, action TEXT NOT NULL, by TEXT NOT NULL, at TEXT NOT NULL) STRICT;
      CREATE INDEX IF NOT EXISTS account_actions_user ON account_actions (user_id);
    `,
    prepare,
  );
  /** Per user id: the profile `me` and the session lookup ask for on every request. */
  private readonly profiles = this.store.rows<UserProfile | null>();

  attach(db: ReadModelDatabase): void {
    this.store.attach(db);
  }

  get(userId: string): UserProfile | null {
    return this.profiles.read(userId, () => {
      const row = this.store.statements().get.get(userId);
      return row ? toProfile(row) : null;
    });
  }

  /** Every account that is an admin now. */
  admins(): UserProfile[] {
    return this.store.statements().admins.all().map(toProfile);
  }

  /** Every account, newest first, for the admin's user table. */
  all(): UserProfile[] {
    return this.store.statements().all.all().map(toProfile);
  }

  /** All accounts, and those not suspended that were active since `since`. */
  counts(since: string): { totalUsers: number; activeUsers: number } {
    return this.store.statements().counts.get(since)!;
  }

  /** The master admin's suspensions and activations of an account, oldest first. */
  actions(userId: string): { action: string; by: string; at: string }[] {
    return this.store.statements().actions.all(userId);
  }

  apply(recorded: RecordedEvent): void {
    if (!identityCodec.knows(recorded.type)) return;
    const event = identityCodec.decodeTrusted(recorded);
    const statements = this.store.statements();
    if ('userId' in event.data && event.data.userId) this.profiles.forget(event.data.userId);
    switch (event.type) {
      case 'identity.UserSignedUp': {
        const { userId, email, firstName, lastName, isAdmin, registeredAt } = event.data;
        statements.insert.run({
          id: userId,
          email,
          firstName,
          lastName,
          isAdmin: isAdmin ? 1 : 0,
          createdAt: registeredAt,
        });
        return;
      }
      case 'identity.SessionStarted':
        statements.touch.run({ id: event.data.userId, at: event.data.startedAt });
        return;
      case 'identity.UserSignedIn':
        statements.touch.run({ id: event.data.userId, at: event.data.at });
        return;
      case 'identity.AdminRoleGranted':
        statements.setAdmin.run({ id: event.data.userId, isAdmin: 1 });
        return;
      case 'identity.AdminRoleRevoked':
        statements.setAdmin.run({ id: event.data.userId, isAdmin: 0 });
        return;
      case 'identity.UserSuspended':
      case 'identity.UserActivated': {
        const { userId, by, at } = event.data;
        const suspended = event.type === 'identity.UserSuspended';
        statements.setActive.run({ id: userId, isActive: suspended ? 0 : 1 });
        statements.addAction.run({ userId, action: suspended ? 'suspend' : 'activate', by, at });
        return;
      }
      default:
        return;
    }
  }
}

function prepare(db: ReadModelDatabase) {
  return {
    get: db.prepare<[string], UserRow>(`SELECT * FROM ${TABLE} WHERE id = ?`),
    insert: db.prepare<{
      id: string;
      email: string;
      firstName: string;
      lastName: string;
      isAdmin: number;
      createdAt: string;
    }>(
      `INSERT OR REPLACE INTO ${TABLE} (id, email, first_name, last_name, is_admin, is_active, created_at, last_active_at)
       VALUES (@id, @email, @firstName, @lastName, @isAdmin, 1, @createdAt, @createdAt)`,
    ),
    touch: db.prepare<{ id: string; at: string }>(`UPDATE ${TABLE} SET last_active_at = @at WHERE id = @id`),
    setAdmin: db.prepare<{ id: string; isAdmin: number }>(`UPDATE ${TABLE} SET is_admin = @isAdmin WHERE id = @id`),
    admins: db.prepare<[], UserRow>(`SELECT * FROM ${TABLE} WHERE is_admin = 1`),
    all: db.prepare<[], UserRow>(`SELECT * FROM ${TABLE} ORDER BY created_at DESC`),
    counts: db.prepare<[string], { totalUsers: number; activeUsers: number }>(
      `SELECT COUNT(*) AS totalUsers, COALESCE(SUM(is_active = 1 AND last_active_at >= ?), 0) AS activeUsers FROM ${TABLE}`,
    ),
    setActive: db.prepare<{ id: string; isActive: number }>(`UPDATE ${TABLE} SET is_active = @isActive WHERE id = @id`),
    addAction: db.prepare<{ userId: string; action: string; by: string; at: string }>(
      `INSERT INTO account_actions (user_id, action, by, at) VALUES (@userId, @action, @by, @at)`,
    ),
    actions: db.prepare<[string], { action: string; by: string; at: string }>(
      `SELECT action, by, at FROM account_actions WHERE user_id = ? ORDER BY at`,
    ),
  };
}

function toProfile(row: UserRow): UserProfile {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isAdmin: row.is_admin === 1,
    isActive: row.is_active === 1,
    createdAt: row.created_at,
    lastActiveAt: row.last_active_at,
  };
}

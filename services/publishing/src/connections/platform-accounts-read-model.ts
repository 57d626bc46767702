import {
  AccountStatusChanged,
  createIntegrationEventRegistry,
  CredentialsChanged,
  type PostPlatform,
} from '@brandloom/proto-events';
import {
  parseInboxCopy,
  readModelTables,
  type Projection,
  type ReadModelDatabase,
  type RecordedEvent,
} from '@brandloom/runtime';
import { publishingCodec } from '../events.js';

/** The saved fields each platform needs before it can be connected (API Settings names). */
export const requiredCredentials: Readonly<Record<PostPlatform, readonly string[]>> = {
  twitter: ['twitterApiKey', 'twitterApiSecret', 'twitterAccessToken', 'twitterAccessTokenSecret'],
  instagram: ['instagramAccessToken', 'instagramPageId'],
  facebook: ['facebookAccessToken', 'facebookPageId'],
  tiktok: ['tiktokAccessToken'],
};

export interface ConnectionView {
  /** Which credentials identity says are saved, and when that last changed. */
  credentialsSet: readonly string[];
  credentialsChangedAt: string | null;
  /** The last verification or auth failure publishing recorded. */
  connected: boolean | null;
  reason: string | null;
  changedAt: string | null;
  verifiedAt: string | null;
}

/**
 * What publishing knows of each owner's platform accounts: which credentials are saved (from
 * identity.CredentialsChanged), whether the account is suspended (identity.AccountStatusChanged),
 * the last verification or auth failure, and the quota each platform reported.
 */
export class PlatformAccountsReadModel implements Projection {
  readonly name = 'platform-accounts';
  readonly version = 1;
  readonly categories = ['inbox', 'connection', 'quota'];
  readonly tables = ['saved_credentials', 'suspended_accounts', 'connections', 'quota_limits'];
  private readonly registry = createIntegrationEventRegistry();
  private readonly store = readModelTables(
    'platform-accounts',
    `
      CREATE TABLE IF NOT EXISTS saved_credentials (
        user_id TEXT PRIMARY KEY, fields TEXT NOT NULL, changed_at TEXT NOT NULL
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS suspended_accounts (user_id TEXT PRIMARY KEY) STRICT, WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS connections (
        user_id TEXT NOT NULL, platform TEXT NOT NULL, connected INTEGER NOT NULL, reason TEXT,
        changed_at TEXT NOT NULL, verified_at TEXT, PRIMARY KEY (user_id, platform)
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS quota_limits (
        user_id TEXT NOT NULL, platform TEXT NOT NULL, quota_limit INTEGER NOT NULL, window_hours INTEGER NOT NULL,
        PRIMARY KEY (user_id, platform)
      ) STRICT, WITHOUT ROWID;
    `,
    prepare,
  );

  attach(db: ReadModelDatabase): void {
    this.store.attach(db);
  }

  isSuspended(userId: string): boolean {
    return this.store.statements().suspended.get(userId) !== undefined;
  }

  connection(userId: string, platform: PostPlatform): ConnectionView {
    const statements = this.store.statements();
    const saved = statements.credentials.get(userId);
    const connection = statements.connection.get(userId, platform);
    return {
      credentialsSet: saved ? (JSON.parse(saved.fields) as string[]) : [],
      credentialsChangedAt: saved?.changed_at ?? null,
      connected: connection ? connection.connected === 1 : null,
      reason: connection?.reason ?? null,
      changedAt: connection?.changed_at ?? null,
      verifiedAt: connection?.verified_at ?? null,
    };
  }

  quotaLimit(userId: string, platform: PostPlatform): { limit: number; windowHours: number } | null {
    const row = this.store.statements().quota.get(userId, platform);
    return row ? { limit: row.quota_limit, windowHours: row.window_hours } : null;
  }

  apply(recorded: RecordedEvent): void {
    const statements = this.store.statements();
    if (recorded.type === CredentialsChanged.type || recorded.type === AccountStatusChanged.type) {
      const copy = parseInboxCopy(this.registry, recorded);
      if (copy.type === CredentialsChanged.type) {
        const { userId, set, changedAt } = copy.data;
        statements.saveCredentials.run(userId, JSON.stringify(set), changedAt);
      } else if (copy.type === AccountStatusChanged.type) {
        if (copy.data.active) statements.reactivate.run(copy.data.userId);
        else statements.suspend.run(copy.data.userId);
      }
      return;
    }
    if (recorded.type === 'publishing.PlatformConnectionChanged') {
      const event = publishingCodec.decode(recorded);
      if (event.type !== 'publishing.PlatformConnectionChanged') return;
      const { userId, platform, connected, reason, changedAt } = event.data;
      statements.connect.run({ userId, platform, connected: connected ? 1 : 0, reason, changedAt });
      return;
    }
    if (recorded.type === 'publishing.QuotaObserved') {
      const event = publishingCodec.decode(recorded);
      if (event.type !== 'publishing.QuotaObserved') return;
      const { userId, platform, limit, windowHours } = event.data;
      statements.observeQuota.run(userId, platform, limit, windowHours);
    }
  }
}

function prepare(db: ReadModelDatabase) {
  return {
    suspended: db.prepare<[string], { user_id: string }>('SELECT user_id FROM suspended_accounts WHERE user_id = ?'),
    suspend: db.prepare<[string]>('INSERT OR IGNORE INTO suspended_accounts (user_id) VALUES (?)'),
    reactivate: db.prepare<[string]>('DELETE FROM suspended_accounts WHERE user_id = ?'),
    credentials: db.prepare<[string], { fields: string; changed_at: string }>(
      'SELECT fields, changed_at FROM saved_credentials WHERE user_id = ?',
    ),
    saveCredentials: db.prepare<[string, string, string]>(
      'INSERT OR REPLACE INTO saved_credentials (user_id, fields, changed_at) VALUES (?, ?, ?)',
    ),
    connection: db.prepare<
      [string, string],
      { connected: number; reason: string | null; changed_at: string; verified_at: string | null }
    >('SELECT connected, reason, changed_at, verified_at FROM connections WHERE user_id = ? AND platform = ?'),
    // A verification's time is kept through a later disconnection: the status shows when it last worked.
    connect: db.prepare<{
      userId: string;
      platform: string;
      connected: number;
      reason: string | null;
      changedAt: string;
    }>(
      `INSERT INTO connections (user_id, platform, connected, reason, changed_at, verified_at)
       VALUES (@userId, @platform, @connected, @reason, @changedAt, CASE WHEN @connected = 1 THEN @changedAt END)
       ON CONFLICT (user_id, platform) DO UPDATE SET connected = excluded.connected, reason = excluded.reason,
         changed_at = excluded.changed_at, verified_at = coalesce(excluded.verified_at, connections.verified_at)`,
    ),
    quota: db.prepare<[string, string], { quota_limit: number; window_hours: number }>(
      'SELECT quota_limit, window_hours FROM quota_limits WHERE user_id = ? AND platform = ?',
    ),
    observeQuota: db.prepare<[string, string, number, number]>(
      'INSERT OR REPLACE INTO quota_limits (user_id, platform, quota_limit, window_hours) VALUES (?, ?, ?, ?)',
    ),
  };
}

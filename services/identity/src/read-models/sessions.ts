import { type Projection, type ReadModelDatabase, type RecordedEvent, readModelTables } from '@brandloom/runtime';
import { SESSION_ENDING_EVENTS } from '../accounts/user.js';
import { identityCodec } from '../events.js';
import { tokenHashOfStream } from '../sessions/session.js';

/** Who a session speaks for: the gateway's question on every signed-in request. */
export interface SessionPrincipal {
  userId: string;
  isAdmin: boolean;
}

interface LiveSession extends SessionPrincipal {
  expiresAtMs: number;
}

/**
 * Every session and the account facts that decide whether it still counts, so "who is this
 * cookie?" is one indexed read instead of folding the session's and the account's streams.
 *
 * It says the same as folding them, and as soon: every command that starts or ends a session or
 * moves an account's session epoch on (a role or password change, a suspension, an activation)
 * waits for this read model before it answers, so the very next request sees the change. A
 * session counts while it has not ended, has not expired, started in the account's current
 * epoch, and the account is active.
 */
export class SessionsReadModel implements Projection {
  readonly name = 'sessions';
  readonly version = 1;
  readonly categories = ['user', 'session'];
  readonly tables = ['sessions', 'session_accounts'];
  /** A skipped sign-out or suspension would leave a session counting: retried until it goes through. */
  readonly neverSkips = true;
  private readonly store = readModelTables(
    'sessions',
    `
      CREATE TABLE IF NOT EXISTS sessions (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        user_epoch INTEGER NOT NULL,
        expires_at_ms INTEGER NOT NULL,
        ended INTEGER NOT NULL DEFAULT 0
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS session_accounts (
        user_id TEXT PRIMARY KEY,
        session_epoch INTEGER NOT NULL,
        is_admin INTEGER NOT NULL,
        is_active INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;
    `,
    prepare,
  );
  /** Per token hash: the session's user while it counts, whatever the hour, or null. */
  private readonly live = this.store.rows<LiveSession | null>();

  attach(db: ReadModelDatabase): void {
    this.store.attach(db);
  }

  /** The user the session with this token hash speaks for at `now`, or null. */
  principal(tokenHash: string, now: Date): SessionPrincipal | null {
    const session = this.live.read(tokenHash, () => {
      const row = this.store.statements().principal.get(tokenHash);
      return row ? { userId: row.user_id, isAdmin: row.is_admin === 1, expiresAtMs: row.expires_at_ms } : null;
    });
    return session && session.expiresAtMs > now.getTime() ? { userId: session.userId, isAdmin: session.isAdmin } : null;
  }

  apply(recorded: RecordedEvent): void {
    if (!identityCodec.knows(recorded.type)) return;
    const event = identityCodec.decodeTrusted(recorded);
    const statements = this.store.statements();
    switch (event.type) {
      case 'identity.UserSignedUp':
        statements.addAccount.run({ userId: event.data.userId, isAdmin: event.data.isAdmin ? 1 : 0 });
        return;
      case 'identity.SessionStarted': {
        const { userId, userEpoch, expiresAt } = event.data;
        this.live.forget(tokenHashOfStream(recorded.streamId));
        statements.startSession.run({
          tokenHash: tokenHashOfStream(recorded.streamId),
          userId,
          userEpoch: userEpoch ?? 0,
          expiresAtMs: Date.parse(expiresAt),
        });
        return;
      }
      case 'identity.SessionEnded':
        this.live.forget(tokenHashOfStream(recorded.streamId));
        statements.endSession.run(tokenHashOfStream(recorded.streamId));
        return;
      case 'identity.AdminRoleGranted':
      case 'identity.AdminRoleRevoked':
      case 'identity.PasswordChanged':
      case 'identity.UserSuspended':
      case 'identity.UserActivated':
        // Rare (an admin's or the operator's act): every kept session is read again.
        this.live.forgetAll();
        statements.changeAccount.run({
          userId: event.data.userId,
          epochStep: SESSION_ENDING_EVENTS.has(event.type) ? 1 : 0,
          isAdmin: adminAfter(event.type),
          isActive: activeAfter(event.type),
        });
        return;
      default:
        return;
    }
  }
}

/** 1 or 0 when the event sets the role, null when it leaves it as it was. */
function adminAfter(type: string): number | null {
  if (type === 'identity.AdminRoleGranted') return 1;
  if (type === 'identity.AdminRoleRevoked') return 0;
  return null;
}

function activeAfter(type: string): number | null {
  if (type === 'identity.UserActivated') return 1;
  if (type === 'identity.UserSuspended') return 0;
  return null;
}

function prepare(db: ReadModelDatabase) {
  return {
    principal: db.prepare<[string], { user_id: string; is_admin: number; expires_at_ms: number }>(
      `SELECT s.user_id, a.is_admin, s.expires_at_ms FROM sessions s JOIN session_accounts a ON a.user_id = s.user_id
       WHERE s.token_hash = ? AND s.ended = 0 AND s.user_epoch = a.session_epoch AND a.is_active = 1`,
    ),
    addAccount: db.prepare<{ userId: string; isAdmin: number }>(
      `INSERT OR REPLACE INTO session_accounts (user_id, session_epoch, is_admin, is_active)
       VALUES (@userId, 0, @isAdmin, 1)`,
    ),
    changeAccount: db.prepare<{ userId: string; epochStep: number; isAdmin: number | null; isActive: number | null }>(
      `UPDATE session_accounts SET session_epoch = session_epoch + @epochStep,
         is_admin = COALESCE(@isAdmin, is_admin), is_active = COALESCE(@isActive, is_active)
       WHERE user_id = @userId`,
    ),
    startSession: db.prepare<{ tokenHash: string; userId: string; userEpoch: number; expiresAtMs: number }>(
      `INSERT OR IGNORE INTO sessions (token_hash, user_id, user_epoch, expires_at_ms)
       VALUES (@tokenHash, @userId, @userEpoch, @expiresAtMs)`,
    ),
    endSession: db.prepare<[string]>(`UPDATE sessions SET ended = 1 WHERE token_hash = ?`),
  };
}

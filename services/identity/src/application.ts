import {
  commandHandler,
  ConfigError,
  DomainError,
  ReadModelsUnavailableError,
  type Caller,
  type Logger,
  type CommandMetadata,
  type EventStore,
  type ProjectionRunner,
  type SessionGrant,
} from '@brandloom/runtime';
import { authMessages, signInSchema, signUpSchema } from '@brandloom/proto-events/forms';
import type { z } from 'zod';
import { identityCodec } from './events.js';
import { emailClaimDecider, emailClaimStream, normalizeEmail } from './accounts/email-claim.js';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './accounts/passwords.js';
import { userDecider, userStream, type Account, type UserCommand } from './accounts/user.js';
import { newSessionToken, sessionDecider, sessionStream, sessionTokenHash } from './sessions/session.js';
import {
  accountKey,
  addressKey,
  isRefusal,
  signInLimiter,
  signUpLimiter,
  tooManyAttemptsMessage,
  tooManySignUpsMessage,
} from './sign-in/throttle.js';
import type { SessionPrincipal, SessionsReadModel } from './read-models/sessions.js';
import type { UsersReadModel } from './read-models/users.js';

export interface IdentitySettings {
  sessionTtlDays: number;
  /**
   * The operator's master admin. `promoteExisting` allows making an admin of an account that
   * someone opened at the sign-up form; without it such an account is never promoted.
   */
  admin: { email: string; password: string; promoteExisting: boolean } | null;
}

export interface IdentityDependencies {
  store: EventStore;
  readModels: ProjectionRunner;
  users: UsersReadModel;
  sessions: SessionsReadModel;
  now: () => Date;
  settings: IdentitySettings;
  logger?: Logger;
}

export interface SignedIn {
  userId: string;
  grant: SessionGrant;
}

/** The identity use cases: each validates, decides through an aggregate, and returns. */
export function identityApplication(deps: IdentityDependencies) {
  const { store, readModels, now, settings } = deps;
  const signIns = signInLimiter(now);
  const signUps = signUpLimiter(now);
  const users = commandHandler({ store, codec: identityCodec, decider: userDecider });
  const emailClaims = commandHandler({ store, codec: identityCodec, decider: emailClaimDecider });
  const sessions = commandHandler({ store, codec: identityCodec, decider: sessionDecider });

  const metadata = (tenantId: string | null, caller: Caller | null): CommandMetadata => ({
    tenantId,
    correlationId: caller?.requestId ?? 'system',
    occurredAt: now().toISOString(),
  });

  /** Who claimed an address, and their account if it was written. */
  async function emailOwner(normalizedEmail: string): Promise<{ claimedBy: string | null; account: Account | null }> {
    const claim = await emailClaims.load(emailClaimStream(normalizedEmail));
    if (claim.status === 'unclaimed') return { claimedBy: null, account: null };
    const user = await users.load(userStream(claim.userId));
    return { claimedBy: claim.userId, account: user.status === 'registered' ? user.account : null };
  }

  const accountByEmail = async (normalizedEmail: string) => (await emailOwner(normalizedEmail)).account;

  async function register(
    input: {
      email: string;
      firstName: string;
      lastName: string;
      password: string;
      isAdmin: boolean;
      createdBy: 'self' | 'operator';
    },
    caller: Caller | null,
  ): Promise<string> {
    const email = normalizeEmail(input.email);
    const { claimedBy, account } = await emailOwner(email);
    if (account) throw new DomainError(authMessages.emailTaken, 'CONFLICT');
    const passwordHash = await hashPassword(input.password);
    const claimStream = emailClaimStream(email);
    // A claim whose account was never written (a crash between the two appends) is taken over
    // by this registration rather than locking the address forever. Should another registration
    // claim the address meanwhile, the claim below is refused.
    const userId = claimedBy ?? crypto.randomUUID();
    await emailClaims.handle(claimStream, { type: 'ClaimEmail', email, userId }, metadata(userId, caller));
    const { position } = await users.handle(
      userStream(userId),
      {
        type: 'RegisterUser',
        userId,
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        isAdmin: input.isAdmin,
        createdBy: input.createdBy,
        at: now().toISOString(),
      },
      metadata(userId, caller),
    );
    await readModels.waitFor(position);
    return userId;
  }

  async function startSession(
    { userId, isAdmin, sessionEpoch }: Pick<Account, 'userId' | 'isAdmin' | 'sessionEpoch'>,
    caller: Caller,
  ): Promise<SignedIn> {
    if (caller.sessionTokenHash) await endSession(caller.sessionTokenHash, 'rotated', caller);
    const token = newSessionToken();
    const startedAt = now();
    const expiresAt = new Date(startedAt.getTime() + settings.sessionTtlDays * 86_400_000).toISOString();
    const { position } = await sessions.handle(
      sessionStream(sessionTokenHash(token)),
      {
        type: 'StartSession',
        userId,
        at: startedAt.toISOString(),
        expiresAt,
        clientAddress: caller.clientAddress,
        userAgent: caller.userAgent?.slice(0, 300) ?? null,
        // A password or role change between the check above and here still ends this session.
        userEpoch: sessionEpoch,
      },
      metadata(userId, caller),
    );
    // The reply shows the account with this sign-in as its last activity.
    await readModels.waitFor(position);
    return { userId, grant: { kind: 'set', token, expiresAt, userId, isAdmin } };
  }

  async function endSession(tokenHash: string, reason: 'signed_out' | 'rotated', caller: Caller): Promise<void> {
    const { position } = await sessions.handle(
      sessionStream(tokenHash),
      { type: 'EndSession', reason, at: now().toISOString() },
      metadata(caller.userId, caller),
    );
    // The gateway's next lookup of this token reads the sessions read model: it must see the end.
    if (position !== null) await readModels.waitFor(position);
  }

  async function authenticate(rawInput: unknown, caller: Caller, options: { adminOnly: boolean }): Promise<SignedIn> {
    const input = parseInput(signInSchema, rawInput);
    const email = normalizeEmail(input.email);
    const keys = [accountKey(email), ...(caller.clientAddress ? [addressKey(caller.clientAddress)] : [])];
    // Counted as a failure until the password proves otherwise (see AttemptLimiter).
    const attempt = signIns.reserve(keys);
    if (isRefusal(attempt)) throw new DomainError(tooManyAttemptsMessage(attempt.retryAfterMs), 'TOO_MANY_REQUESTS');

    const account = await accountByEmail(email);
    const passwordMatches = account
      ? await verifyPassword(account.passwordHash, input.password)
      : await verifyAgainstDecoy(input.password);
    if (!account || !passwordMatches || (options.adminOnly && !account.isAdmin)) {
      throw new DomainError(authMessages.invalidCredentials, 'UNAUTHENTICATED');
    }
    // Told only to whoever knows the password, so it says nothing of an account to a guesser.
    if (!account.isActive) throw new DomainError(suspendedMessage, 'FORBIDDEN');
    // A correct password clears the account's failures; the address keeps its earlier ones.
    signIns.clear(accountKey(email));
    if (caller.clientAddress) signIns.release(attempt, addressKey(caller.clientAddress));
    return startSession(account, caller);
  }

  return {
    async signUp(rawInput: unknown, caller: Caller): Promise<SignedIn> {
      const input = parseInput(signUpSchema, rawInput);
      if (caller.clientAddress) {
        const attempt = signUps.reserve([addressKey(caller.clientAddress)]);
        if (isRefusal(attempt)) {
          throw new DomainError(tooManySignUpsMessage(attempt.retryAfterMs), 'TOO_MANY_REQUESTS');
        }
      }
      const userId = await register({ ...input, isAdmin: false, createdBy: 'self' }, caller);
      return startSession({ userId, isAdmin: false, sessionEpoch: 0 }, caller);
    },

    signIn: (rawInput: unknown, caller: Caller) => authenticate(rawInput, caller, { adminOnly: false }),
    masterLogin: (rawInput: unknown, caller: Caller) => authenticate(rawInput, caller, { adminOnly: true }),

    async signOut(caller: Caller): Promise<void> {
      if (caller.sessionTokenHash) await endSession(caller.sessionTokenHash, 'signed_out', caller);
    },

    /** Who a browser's session speaks for, right now, by the SHA-256 of its token. */
    async resolveSession(tokenHash: string): Promise<SessionPrincipal | null> {
      // Fail closed: while an event is being retried the table may miss a sign-out or a
      // suspension, so nobody is answered for (the gateway says sign-in is unavailable).
      if (!readModels.healthy)
        throw new ReadModelsUnavailableError('sessions cannot be checked: read models are retrying');
      return deps.sessions.principal(tokenHash, now());
    },

    /**
     * Makes the operator's ADMIN_EMAIL the one master admin, safe to run at every start: creates
     * it, or brings its role and password in line; demotes any admin it no longer names. An
     * account someone opened at the sign-up form is promoted only when the operator says so
     * (emails are not verified, so anyone could have signed up with that address first).
     */
    async provisionAdmin(): Promise<void> {
      const at = now().toISOString();
      const configured = settings.admin ? normalizeEmail(settings.admin.email) : null;
      for (const admin of deps.users.admins()) {
        if (normalizeEmail(admin.email) === configured) continue;
        await changeUser(admin.id, { type: 'RevokeAdminRole', at });
        deps.logger?.warn('admin role revoked: ADMIN_EMAIL no longer names this account', { userId: admin.id });
      }
      if (settings.admin) await provisionConfiguredAdmin(settings.admin, at);
    },
  };

  async function provisionConfiguredAdmin(admin: NonNullable<IdentitySettings['admin']>, at: string): Promise<void> {
    const account = await accountByEmail(normalizeEmail(admin.email));
    if (!account) {
      const names = { firstName: 'Master', lastName: 'Admin' };
      await register(
        { email: admin.email, password: admin.password, ...names, isAdmin: true, createdBy: 'operator' },
        null,
      );
      return;
    }
    if (!account.createdByOperator && !admin.promoteExisting) {
      // A setting problem, told as one: the start stops with this line rather than a stack trace.
      throw new ConfigError([
        `ADMIN_EMAIL: ${admin.email} is an account someone opened at the sign-up form, so it is not made an admin. ` +
          'Choose another ADMIN_EMAIL, or set ADMIN_PROMOTE_EXISTING=true if that account is yours ' +
          '(its password becomes ADMIN_PASSWORD and its sessions end).',
      ]);
    }
    await changeUser(account.userId, { type: 'GrantAdminRole', at });
    if (!(await verifyPassword(account.passwordHash, admin.password))) {
      await changeUser(account.userId, {
        type: 'ChangePassword',
        passwordHash: await hashPassword(admin.password),
        at,
      });
    }
  }

  /** An operator's change to an account, visible to queries once it returns. */
  async function changeUser(userId: string, command: UserCommand): Promise<void> {
    const { position } = await users.handle(userStream(userId), command, metadata(userId, null));
    await readModels.waitFor(position);
  }
}

export type IdentityApplication = ReturnType<typeof identityApplication>;

export const suspendedMessage = 'This account has been suspended. Please contact support.';

/**
 * Parses user input; the first problem becomes a 400 with the product's own message. A missing
 * field counts as blank, so it gets the form's "fill in all fields" message, not a type error.
 */
function parseInput<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  raw: unknown,
): z.infer<z.ZodObject<Shape>> {
  const given = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const filled = Object.fromEntries(Object.keys(schema.shape).map((field) => [field, given[field] ?? '']));
  const result = schema.safeParse(filled);
  if (result.success) return result.data;
  throw new DomainError(result.error.issues[0]?.message ?? 'Invalid input', 'BAD_USER_INPUT');
}

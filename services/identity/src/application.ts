import {
  commandHandler,
  DomainError,
  type Caller,
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
import { userDecider, userStream, type Account } from './accounts/user.js';
import { newSessionToken, sessionDecider, sessionStream, sessionUser } from './sessions/session.js';
import { accountKey, addressKey, SignInThrottle, tooManyAttemptsMessage } from './sign-in/throttle.js';
import type { UsersReadModel } from './read-models/users.js';

export interface IdentitySettings {
  sessionTtlDays: number;
  admin: { email: string; password: string } | null;
}

export interface IdentityDependencies {
  store: EventStore;
  readModels: ProjectionRunner;
  users: UsersReadModel;
  now: () => Date;
  settings: IdentitySettings;
}

export interface SignedIn {
  userId: string;
  grant: SessionGrant;
}

/** The identity use cases: each validates, decides through an aggregate, and returns. */
export function identityApplication(deps: IdentityDependencies) {
  const { store, readModels, now, settings } = deps;
  const throttle = new SignInThrottle(now);
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
    input: { email: string; firstName: string; lastName: string; password: string; isAdmin: boolean },
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
        at: now().toISOString(),
      },
      metadata(userId, caller),
    );
    await readModels.waitFor(position);
    return userId;
  }

  async function startSession(userId: string, isAdmin: boolean, caller: Caller): Promise<SignedIn> {
    if (caller.sessionToken) await endSession(caller.sessionToken, 'rotated', caller);
    const token = newSessionToken();
    const startedAt = now();
    const expiresAt = new Date(startedAt.getTime() + settings.sessionTtlDays * 86_400_000).toISOString();
    const { position } = await sessions.handle(
      sessionStream(token),
      {
        type: 'StartSession',
        userId,
        at: startedAt.toISOString(),
        expiresAt,
        clientAddress: caller.clientAddress,
        userAgent: caller.userAgent?.slice(0, 300) ?? null,
      },
      metadata(userId, caller),
    );
    // The reply shows the account with this sign-in as its last activity.
    await readModels.waitFor(position);
    return { userId, grant: { kind: 'set', token, expiresAt, userId, isAdmin } };
  }

  async function endSession(token: string, reason: 'signed_out' | 'rotated', caller: Caller): Promise<void> {
    await sessions.handle(
      sessionStream(token),
      { type: 'EndSession', reason, at: now().toISOString() },
      metadata(caller.userId, caller),
    );
  }

  async function authenticate(rawInput: unknown, caller: Caller, options: { adminOnly: boolean }): Promise<SignedIn> {
    const input = parseInput(signInSchema, rawInput);
    const email = normalizeEmail(input.email);
    const keys = [accountKey(email), ...(caller.clientAddress ? [addressKey(caller.clientAddress)] : [])];
    const wait = throttle.retryAfterMs(keys);
    if (wait > 0) throw new DomainError(tooManyAttemptsMessage(wait), 'TOO_MANY_REQUESTS');

    const account = await accountByEmail(email);
    const passwordMatches = account
      ? await verifyPassword(account.passwordHash, input.password)
      : await verifyAgainstDecoy(input.password);
    if (!account || !passwordMatches || (options.adminOnly && !account.isAdmin)) {
      throttle.recordFailure(keys);
      throw new DomainError(authMessages.invalidCredentials, 'UNAUTHENTICATED');
    }
    throttle.clear(accountKey(email));
    return startSession(account.userId, account.isAdmin, caller);
  }

  return {
    async signUp(rawInput: unknown, caller: Caller): Promise<SignedIn> {
      const input = parseInput(signUpSchema, rawInput);
      const userId = await register({ ...input, isAdmin: false }, caller);
      return startSession(userId, false, caller);
    },

    signIn: (rawInput: unknown, caller: Caller) => authenticate(rawInput, caller, { adminOnly: false }),
    masterLogin: (rawInput: unknown, caller: Caller) => authenticate(rawInput, caller, { adminOnly: true }),

    async signOut(caller: Caller): Promise<void> {
      if (caller.sessionToken) await endSession(caller.sessionToken, 'signed_out', caller);
    },

    /** Who a browser's session token speaks for, right now. */
    async resolveSession(token: string): Promise<{ userId: string; isAdmin: boolean } | null> {
      const session = await sessions.load(sessionStream(token));
      const userId = sessionUser(session, now());
      const profile = userId ? deps.users.get(userId) : null;
      return profile?.isActive ? { userId: profile.id, isAdmin: profile.isAdmin } : null;
    },

    /**
     * Makes sure the configured master admin exists, is an admin and has the configured
     * password. Safe to run at every start.
     */
    async provisionAdmin(): Promise<void> {
      if (!settings.admin) return;
      const { email, password } = settings.admin;
      const account = await accountByEmail(normalizeEmail(email));
      if (!account) {
        await register({ email, password, firstName: 'Master', lastName: 'Admin', isAdmin: true }, null);
        return;
      }
      const stream = userStream(account.userId);
      const at = now().toISOString();
      await users.handle(stream, { type: 'GrantAdminRole', at }, metadata(account.userId, null));
      if (!(await verifyPassword(account.passwordHash, password))) {
        const passwordHash = await hashPassword(password);
        await users.handle(stream, { type: 'ChangePassword', passwordHash, at }, metadata(account.userId, null));
      }
    },
  };
}

export type IdentityApplication = ReturnType<typeof identityApplication>;

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

import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openSqliteEventStore,
  ProjectionRunner,
  ReadModelsUnavailableError,
  silentLogger,
  type Caller,
  type RecordedEvent,
  type EventStore,
  type SessionGrant,
} from '@brandloom/runtime';
import { identityApplication, type IdentityApplication, type IdentitySettings } from './application.js';
import { emailClaimStream } from './accounts/email-claim.js';
import { sessionTokenHash } from './sessions/session.js';
import { SessionsReadModel } from './read-models/sessions.js';
import { UsersReadModel } from './read-models/users.js';

const caller: Caller = {
  userId: null,
  isAdmin: false,
  sessionTokenHash: null,
  clientAddress: '203.0.113.7',
  userAgent: 'test',
  requestId: 'req',
};

describe('the identity use cases on a real store', () => {
  let dir: string;
  let store: EventStore;
  let readModels: ProjectionRunner;
  let app: IdentityApplication;
  let users: UsersReadModel;
  let sessions: SessionsReadModel;
  /** The same service started again with other settings, on the same store. */
  const restartedWith = (admin: IdentitySettings['admin']) =>
    identityApplication({
      store,
      readModels,
      users,
      sessions,
      now: () => new Date(),
      settings: { sessionTtlDays: 30, admin },
    });
  const tokenHashOf = ({ grant }: { grant: SessionGrant }) => {
    if (grant.kind !== 'set') throw new Error('expected a new session');
    return sessionTokenHash(grant.token);
  };
  let clock: Date;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'identity-'));
    store = openSqliteEventStore({ file: join(dir, 'identity.db') });
    readModels = new ProjectionRunner(store, silentLogger);
    users = new UsersReadModel();
    sessions = new SessionsReadModel();
    clock = new Date('2026-11-25T10:00:00.000Z');
    readModels.register([users, sessions]);
    await readModels.start();
    app = identityApplication({
      store,
      readModels,
      users,
      sessions,
      now: () => clock,
      settings: { sessionTtlDays: 30, admin: null },
    });
  });
  afterEach(async () => {
    await readModels.stop();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('lets a registration complete an email claim whose account was never written', async () => {
    const orphanedUserId = randomUUID();
    await store.appendToStream(
      emailClaimStream('ana@shop.test'),
      [
        {
          id: randomUUID(),
          type: 'identity.EmailClaimed',
          version: 1,
          data: { email: 'ana@shop.test', userId: orphanedUserId },
          metadata: {
            tenantId: orphanedUserId,
            correlationId: 'crashed',
            causationId: null,
            occurredAt: new Date().toISOString(),
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );

    const { userId } = await app.signUp({ email: 'Ana@Shop.test', password: 'secret1' }, caller);
    expect(userId).toBe(orphanedUserId);
    await expect(app.signIn({ email: 'ana@shop.test', password: 'secret1' }, caller)).resolves.toMatchObject({
      userId,
    });
  });

  it('opens one account when two sign-ups race for the same email', async () => {
    const results = await Promise.allSettled([
      app.signUp({ email: 'bo@shop.test', password: 'first-password' }, caller),
      app.signUp({ email: 'BO@shop.test', password: 'second-password' }, caller),
    ]);
    const winners = results.filter((result) => result.status === 'fulfilled');
    const losers = results.filter((result) => result.status === 'rejected');
    expect(winners).toHaveLength(1);
    expect(losers.map((loser) => (loser as PromiseRejectedResult).reason.message)).toEqual([
      'An account with this email already exists',
    ]);
  });

  it('keeps a session only until sign-out', async () => {
    const { grant } = await app.signUp({ email: 'cy@shop.test', password: 'secret1' }, caller);
    if (grant.kind !== 'set') throw new Error('sign-up must start a session');
    const tokenHash = sessionTokenHash(grant.token);
    expect(await app.resolveSession(tokenHash)).toMatchObject({ isAdmin: false });
    await app.signOut({ ...caller, sessionTokenHash: tokenHash });
    expect(await app.resolveSession(tokenHash)).toBeNull();
  });

  describe('the master admin', () => {
    const admin = { email: 'owner@brandloom.test', password: 'operator-passphrase', promoteExisting: false };

    it('is never an account someone signed up with before the operator set ADMIN_EMAIL', async () => {
      const squatter = await app.signUp({ email: 'Owner@Brandloom.test', password: 'squatter1' }, caller);
      await expect(restartedWith(admin).provisionAdmin()).rejects.toThrow(/ADMIN_PROMOTE_EXISTING/);
      expect(await app.resolveSession(tokenHashOf(squatter))).toEqual({ userId: squatter.userId, isAdmin: false });
      await expect(app.masterLogin({ email: admin.email, password: 'squatter1' }, caller)).rejects.toThrow(
        'Invalid email or password',
      );
    });

    it('takes over such an account only when the operator says so, ending its sessions', async () => {
      const squatter = await app.signUp({ email: admin.email, password: 'squatter1' }, caller);
      const operatorApp = restartedWith({ ...admin, promoteExisting: true });
      await operatorApp.provisionAdmin();
      expect(await operatorApp.resolveSession(tokenHashOf(squatter))).toBeNull();
      const signedIn = await operatorApp.masterLogin({ email: admin.email, password: admin.password }, caller);
      expect(await operatorApp.resolveSession(tokenHashOf(signedIn))).toEqual({
        userId: squatter.userId,
        isAdmin: true,
      });
    });

    it('is created by the operator, and kept with its sessions across restarts', async () => {
      const operatorApp = restartedWith(admin);
      await operatorApp.provisionAdmin();
      const signedIn = await operatorApp.masterLogin({ email: admin.email, password: admin.password }, caller);
      await restartedWith(admin).provisionAdmin();
      expect(await operatorApp.resolveSession(tokenHashOf(signedIn))).toMatchObject({ isAdmin: true });
    });

    it('loses its sessions when the operator changes its password', async () => {
      await restartedWith(admin).provisionAdmin();
      const signedIn = await app.masterLogin({ email: admin.email, password: admin.password }, caller);
      const changed = restartedWith({ ...admin, password: 'a-new-passphrase' });
      await changed.provisionAdmin();
      expect(await changed.resolveSession(tokenHashOf(signedIn))).toBeNull();
    });

    it('is demoted, its sessions ended, once ADMIN_EMAIL names someone else or no one', async () => {
      await restartedWith(admin).provisionAdmin();
      const old = await app.masterLogin({ email: admin.email, password: admin.password }, caller);
      const successor = restartedWith({ ...admin, email: 'next@brandloom.test' });
      await successor.provisionAdmin();
      expect(await successor.resolveSession(tokenHashOf(old))).toBeNull();
      expect(users.get(old.userId)?.isAdmin).toBe(false);
      const next = await successor.masterLogin({ email: 'next@brandloom.test', password: admin.password }, caller);

      const noAdmin = restartedWith(null);
      await noAdmin.provisionAdmin();
      expect(await noAdmin.resolveSession(tokenHashOf(next))).toBeNull();
      expect(users.admins()).toEqual([]);
    });
  });

  it('records a sign-in as the session it starts: the account shows it as its last activity at once', async () => {
    const { userId } = await app.signUp({ email: 'di@shop.test', password: 'secret1' }, caller);
    const userEvents = (await store.readStream(`user-${userId}`)).length;
    clock = new Date('2026-11-26T08:00:00.000Z');
    await app.signIn({ email: 'di@shop.test', password: 'secret1' }, caller);
    expect(users.get(userId)?.lastActiveAt).toBe('2026-11-26T08:00:00.000Z');
    expect(await store.readStream(`user-${userId}`)).toHaveLength(userEvents);
  });
});

describe('the session lookup while a sign-out cannot be folded yet', () => {
  /** The sessions read model, failing on every sign-out while `blocked`. */
  class BlockedSessions extends SessionsReadModel {
    blocked = false;
    failures = 0;
    override apply(recorded: RecordedEvent): void {
      if (this.blocked && recorded.type === 'identity.SessionEnded') {
        this.failures++;
        throw new Error('disk full');
      }
      super.apply(recorded);
    }
  }

  it('refuses to answer while a sign-out is being retried, then answers as signed out', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'identity-fail-closed-'));
    const store = openSqliteEventStore({ file: join(dir, 'identity.db') });
    const readModels = new ProjectionRunner(store, silentLogger, { retryDelaysMs: [1, 5] });
    const users = new UsersReadModel();
    const sessions = new BlockedSessions();
    readModels.register([users, sessions]);
    await readModels.start();
    try {
      const app = identityApplication({
        store,
        readModels,
        users,
        sessions,
        now: () => new Date(),
        settings: { sessionTtlDays: 30, admin: null },
      });
      const { grant } = await app.signUp({ email: 'ed@shop.test', password: 'secret1' }, caller);
      if (grant.kind !== 'set') throw new Error('sign-up must start a session');
      const tokenHash = sessionTokenHash(grant.token);
      const other = await app.signIn({ email: 'ed@shop.test', password: 'secret1' }, caller);
      const otherHash = sessionTokenHash((other.grant as { token: string }).token);

      sessions.blocked = true;
      const signingOut = app.signOut({ ...caller, sessionTokenHash: tokenHash });
      // Past the runner's retries (two delays), where another read model's event would be parked.
      while (sessions.failures < 5) await new Promise((resolve) => setTimeout(resolve, 2));
      await expect(app.resolveSession(tokenHash)).rejects.toBeInstanceOf(ReadModelsUnavailableError);
      await expect(app.resolveSession(otherHash)).rejects.toBeInstanceOf(ReadModelsUnavailableError);

      sessions.blocked = false;
      await signingOut;
      expect(await app.resolveSession(tokenHash)).toBeNull();
      expect(await app.resolveSession(otherHash)).toMatchObject({ isAdmin: false });
    } finally {
      await readModels.stop();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

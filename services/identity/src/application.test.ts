import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore, ProjectionRunner, silentLogger, type Caller, type EventStore } from '@brandloom/runtime';
import { identityApplication, type IdentityApplication } from './application.js';
import { emailClaimStream } from './accounts/email-claim.js';
import { UsersReadModel } from './read-models/users.js';

const caller: Caller = {
  userId: null,
  isAdmin: false,
  sessionToken: null,
  clientAddress: '203.0.113.7',
  userAgent: 'test',
  requestId: 'req',
  issuedAt: 0,
};

describe('the identity use cases on a real store', () => {
  let dir: string;
  let store: EventStore;
  let readModels: ProjectionRunner;
  let app: IdentityApplication;
  let users: UsersReadModel;
  let clock: Date;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'identity-'));
    store = openSqliteEventStore({ file: join(dir, 'identity.db') });
    readModels = new ProjectionRunner(store, silentLogger);
    users = new UsersReadModel();
    clock = new Date('2026-11-25T10:00:00.000Z');
    readModels.register([users]);
    await readModels.start();
    app = identityApplication({
      store,
      readModels,
      users,
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
    expect(await app.resolveSession(grant.token)).toMatchObject({ isAdmin: false });
    await app.signOut({ ...caller, sessionToken: grant.token });
    expect(await app.resolveSession(grant.token)).toBeNull();
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

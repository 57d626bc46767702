import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore, ProjectionRunner, silentLogger, type EventStore } from '@brandloom/runtime';
import type { IdentityEvent } from '../events.js';
import { UsersReadModel } from './users.js';

const userId = randomUUID();
const registeredAt = '2026-11-25T10:00:00.000Z';

describe('the users read model', () => {
  let dir: string;
  let store: EventStore;
  let runner: ProjectionRunner;
  let users: UsersReadModel;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'users-read-model-'));
    store = openSqliteEventStore({ file: join(dir, 'identity.db') });
    ({ runner, users } = await startReadModel());
  });
  afterEach(async () => {
    await runner.stop();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function startReadModel() {
    const started = new ProjectionRunner(store, silentLogger, { database: join(dir, 'identity.read.db') });
    const model = new UsersReadModel();
    started.register([model]);
    await started.start();
    return { runner: started, users: model };
  }

  async function record(streamId: string, event: IdentityEvent): Promise<void> {
    const { position } = await store.appendToStream(
      streamId,
      [
        {
          id: randomUUID(),
          ...event,
          version: 1,
          metadata: { tenantId: userId, correlationId: 'test', causationId: null, occurredAt: registeredAt },
        },
      ],
      { expectedRevision: 'any' },
    );
    await runner.waitFor(position);
  }

  const signUp = () =>
    record(`user-${userId}`, {
      type: 'identity.UserSignedUp',
      data: {
        userId,
        email: 'ana@shop.test',
        firstName: 'Ana',
        lastName: 'Silva',
        passwordHash: '$argon2id$secret',
        isAdmin: false,
        registeredAt,
      },
    });

  const startSession = (startedAt: string) =>
    record(`session-${randomUUID()}`, {
      type: 'identity.SessionStarted',
      data: {
        userId,
        startedAt,
        expiresAt: '2026-12-25T10:00:00.000Z',
        clientAddress: '203.0.113.7',
        userAgent: null,
      },
    });

  it('shows an account as registered, active since registration, without its password hash', async () => {
    await signUp();
    expect(users.get(userId)).toEqual({
      id: userId,
      email: 'ana@shop.test',
      firstName: 'Ana',
      lastName: 'Silva',
      isAdmin: false,
      isActive: true,
      createdAt: registeredAt,
      lastActiveAt: registeredAt,
    });
    expect(users.get(randomUUID())).toBeNull();
  });

  it('takes the last activity from the sessions the account starts', async () => {
    await signUp();
    await startSession('2026-11-26T08:00:00.000Z');
    expect(users.get(userId)?.lastActiveAt).toBe('2026-11-26T08:00:00.000Z');
    await startSession('2026-11-27T09:30:00.000Z');
    expect(users.get(userId)?.lastActiveAt).toBe('2026-11-27T09:30:00.000Z');
  });

  it('still reads sign-ins recorded on the user stream by earlier versions', async () => {
    await signUp();
    await record(`user-${userId}`, { type: 'identity.UserSignedIn', data: { userId, at: '2026-11-26T08:00:00.000Z' } });
    expect(users.get(userId)?.lastActiveAt).toBe('2026-11-26T08:00:00.000Z');
  });

  it('marks an admin', async () => {
    await signUp();
    expect(users.get(userId)?.isAdmin).toBe(false);
    await record(`user-${userId}`, { type: 'identity.AdminRoleGranted', data: { userId, at: registeredAt } });
    expect(users.get(userId)?.isAdmin).toBe(true);
  });

  it('keeps its rows across a restart', async () => {
    await signUp();
    await startSession('2026-11-26T08:00:00.000Z');
    await runner.stop();
    ({ runner, users } = await startReadModel());
    expect(users.get(userId)).toMatchObject({ email: 'ana@shop.test', lastActiveAt: '2026-11-26T08:00:00.000Z' });
  });
});

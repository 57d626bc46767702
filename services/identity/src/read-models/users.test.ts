import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readModelOnStore, type ReadModelOnStore } from '@brandloom/runtime/testing';
import type { IdentityEvent } from '../events.js';
import { UsersReadModel } from './users.js';

const userId = randomUUID();
const registeredAt = '2026-11-25T10:00:00.000Z';

describe('the users read model', () => {
  let readModel: ReadModelOnStore<UsersReadModel>;
  const users = () => readModel.model;
  const record = (streamId: string, event: IdentityEvent) => readModel.record(streamId, event);

  beforeEach(async () => {
    readModel = await readModelOnStore(() => new UsersReadModel());
  });
  afterEach(() => readModel.close());

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
    expect(users().get(userId)).toEqual({
      id: userId,
      email: 'ana@shop.test',
      firstName: 'Ana',
      lastName: 'Silva',
      isAdmin: false,
      isActive: true,
      createdAt: registeredAt,
      lastActiveAt: registeredAt,
    });
    expect(users().get(randomUUID())).toBeNull();
  });

  it('takes the last activity from the sessions the account starts', async () => {
    await signUp();
    await startSession('2026-11-26T08:00:00.000Z');
    expect(users().get(userId)?.lastActiveAt).toBe('2026-11-26T08:00:00.000Z');
    await startSession('2026-11-27T09:30:00.000Z');
    expect(users().get(userId)?.lastActiveAt).toBe('2026-11-27T09:30:00.000Z');
  });

  it('still reads sign-ins recorded on the user stream by earlier versions', async () => {
    await signUp();
    await record(`user-${userId}`, { type: 'identity.UserSignedIn', data: { userId, at: '2026-11-26T08:00:00.000Z' } });
    expect(users().get(userId)?.lastActiveAt).toBe('2026-11-26T08:00:00.000Z');
  });

  it('marks an admin', async () => {
    await signUp();
    expect(users().get(userId)?.isAdmin).toBe(false);
    await record(`user-${userId}`, { type: 'identity.AdminRoleGranted', data: { userId, at: registeredAt } });
    expect(users().get(userId)?.isAdmin).toBe(true);
  });

  it('keeps its rows across a restart', async () => {
    await signUp();
    await startSession('2026-11-26T08:00:00.000Z');
    await readModel.restart();
    expect(users().get(userId)).toMatchObject({ email: 'ana@shop.test', lastActiveAt: '2026-11-26T08:00:00.000Z' });
  });
});

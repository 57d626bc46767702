import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readModelOnStore, type ReadModelOnStore } from '@brandloom/runtime/testing';
import type { IdentityEvent } from '../events.js';
import { sessionStream } from '../sessions/session.js';
import { SessionsReadModel } from './sessions.js';

const userId = randomUUID();
const adminId = randomUUID();
const at = '2026-11-25T10:00:00.000Z';
const beforeExpiry = new Date('2026-12-01T00:00:00.000Z');
const expiresAt = '2026-12-25T10:00:00.000Z';

describe('the sessions read model', () => {
  let readModel: ReadModelOnStore<SessionsReadModel>;
  const sessions = () => readModel.model;
  const record = (streamId: string, event: IdentityEvent) => readModel.record(streamId, event);

  beforeEach(async () => {
    readModel = await readModelOnStore(() => new SessionsReadModel());
  });
  afterEach(() => readModel.close());

  const signUp = (isAdmin = false) =>
    record(`user-${userId}`, {
      type: 'identity.UserSignedUp',
      data: {
        userId,
        email: 'ana@shop.test',
        firstName: 'Ana',
        lastName: 'Silva',
        passwordHash: 'x',
        isAdmin,
        registeredAt: at,
      },
    });

  /** Starts a session in the account's epoch `userEpoch`; answers its token hash. */
  async function startSession(userEpoch: number): Promise<string> {
    const tokenHash = randomUUID().replaceAll('-', '').repeat(2);
    await record(sessionStream(tokenHash), {
      type: 'identity.SessionStarted',
      data: { userId, startedAt: at, expiresAt, clientAddress: null, userAgent: null, userEpoch },
    });
    return tokenHash;
  }

  const account = (type: 'AdminRoleGranted' | 'AdminRoleRevoked' | 'UserSuspended' | 'UserActivated') =>
    record(`user-${userId}`, {
      type: `identity.${type}`,
      data: type === 'UserSuspended' || type === 'UserActivated' ? { userId, by: adminId, at } : { userId, at },
    } as IdentityEvent);

  it('speaks for the user of a live session, with their role, until it expires', async () => {
    await signUp();
    const tokenHash = await startSession(0);
    expect(sessions().principal(tokenHash, beforeExpiry)).toEqual({ userId, isAdmin: false });
    expect(sessions().principal(tokenHash, new Date(expiresAt))).toBeNull();
    expect(sessions().principal('f'.repeat(64), beforeExpiry)).toBeNull();
  });

  it('ends a session at sign-out, and only that one', async () => {
    await signUp();
    const [signedOut, other] = [await startSession(0), await startSession(0)];
    await record(sessionStream(signedOut), { type: 'identity.SessionEnded', data: { reason: 'signed_out', at } });
    expect(sessions().principal(signedOut, beforeExpiry)).toBeNull();
    expect(sessions().principal(other, beforeExpiry)).toEqual({ userId, isAdmin: false });
  });

  it('ends every session of an account whose role changes, and counts the new epoch', async () => {
    await signUp();
    const before = await startSession(0);
    await account('AdminRoleGranted');
    expect(sessions().principal(before, beforeExpiry)).toBeNull();
    expect(sessions().principal(await startSession(1), beforeExpiry)).toEqual({ userId, isAdmin: true });
  });

  it('ends every session at a suspension, and an activation does not bring them back', async () => {
    await signUp();
    const before = await startSession(0);
    await account('UserSuspended');
    expect(sessions().principal(before, beforeExpiry)).toBeNull();
    // A session started in the new epoch still does not count while the account is suspended.
    const whileSuspended = await startSession(1);
    expect(sessions().principal(whileSuspended, beforeExpiry)).toBeNull();
    await account('UserActivated');
    expect(sessions().principal(before, beforeExpiry)).toBeNull();
    expect(sessions().principal(whileSuspended, beforeExpiry)).toEqual({ userId, isAdmin: false });
  });

  it('is rebuilt from the store with the same answers', async () => {
    await signUp(true);
    const live = await startSession(0);
    const revoked = await startSession(0);
    await account('AdminRoleRevoked');
    const afterRevoke = await startSession(1);
    await readModel.restart({ rebuild: true });
    expect(sessions().principal(live, beforeExpiry)).toBeNull();
    expect(sessions().principal(revoked, beforeExpiry)).toBeNull();
    expect(sessions().principal(afterRevoke, beforeExpiry)).toEqual({ userId, isAdmin: false });
  });
});

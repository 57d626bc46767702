import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@brandloom/runtime/testing';
import { newSessionToken, sessionDecider, sessionStream, sessionTokenHash } from './session.js';

const spec = deciderSpec(sessionDecider);
const userId = '33333333-3333-4333-8333-333333333333';
const started = {
  type: 'identity.SessionStarted' as const,
  data: {
    userId,
    startedAt: '2026-11-25T10:00:00.000Z',
    expiresAt: '2026-12-25T10:00:00.000Z',
    clientAddress: '127.0.0.1',
    userAgent: null,
    userEpoch: 2,
  },
};
const start = {
  type: 'StartSession' as const,
  userId,
  at: '2026-11-25T10:00:00.000Z',
  expiresAt: '2026-12-25T10:00:00.000Z',
  clientAddress: '127.0.0.1',
  userAgent: null,
  userEpoch: 2,
};

describe('a session', () => {
  it('starts once', () => {
    spec.given([]).when(start).then([started]);
    spec.given([started]).when(start).thenNothingHappened();
  });

  it('ends when the user signs out, and only once', () => {
    const ended = {
      type: 'identity.SessionEnded' as const,
      data: { reason: 'signed_out' as const, at: '2026-11-25T11:00:00.000Z' },
    };
    spec
      .given([started])
      .when({ type: 'EndSession', reason: 'signed_out', at: '2026-11-25T11:00:00.000Z' })
      .then([ended]);
    spec
      .given([started, ended])
      .when({ type: 'EndSession', reason: 'signed_out', at: '2026-11-25T12:00:00.000Z' })
      .thenNothingHappened();
  });

  it('is stored under a hash of its token, never the token', () => {
    const token = newSessionToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sessionStream(sessionTokenHash(token))).not.toContain(token);
    expect(sessionTokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
  });
});

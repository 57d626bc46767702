import { describe, expect, it } from 'vitest';
import { CallerVerifier, signCaller, type Caller } from './caller.js';

const secret = 'a-shared-secret-of-at-least-32-characters';
const caller: Caller = {
  userId: '33333333-3333-4333-8333-333333333333',
  isAdmin: true,
  sessionTokenHash: null,
  clientAddress: '203.0.113.7',
  userAgent: null,
  requestId: 'r1',
};
const body = JSON.stringify({ query: '{ me { id } }' });
const now = Date.parse('2026-11-25T10:00:00Z');
const sign = (overrides: { audience?: string; body?: string; nowMs?: number } = {}) =>
  signCaller(caller, secret, { audience: 'identity', body, nowMs: now, ...overrides });

describe("the gateway's signed caller header", () => {
  it('is accepted once, for the body and the service it was signed for', () => {
    const verifier = new CallerVerifier(secret, 'identity');
    const header = sign();
    expect(verifier.verify(header, body, now + 1000)).toEqual(caller);
    expect(verifier.verify(header, body, now + 2000)).toBeNull();
  });

  it('is refused with another query, for another service, or with another secret', () => {
    const verifier = new CallerVerifier(secret, 'identity');
    expect(verifier.verify(sign(), JSON.stringify({ query: '{ users { email } }' }), now)).toBeNull();
    expect(new CallerVerifier(secret, 'billing').verify(sign(), body, now)).toBeNull();
    expect(new CallerVerifier(`${secret}!`, 'identity').verify(sign(), body, now)).toBeNull();
  });

  it('is refused when issued more than 30 s ago or more than 2 s in the future', () => {
    const verifier = new CallerVerifier(secret, 'identity');
    expect(verifier.verify(sign({ nowMs: now - 30_001 }), body, now)).toBeNull();
    expect(verifier.verify(sign({ nowMs: now + 2_001 }), body, now)).toBeNull();
    expect(verifier.verify(sign({ nowMs: now - 29_000 }), body, now)).toEqual(caller);
    expect(verifier.verify(sign({ nowMs: now + 1_000 }), body, now)).toEqual(caller);
  });

  it('remembers a bounded number of nonces', () => {
    const verifier = new CallerVerifier(secret, 'identity', 3);
    const headers = Array.from({ length: 5 }, () => sign());
    for (const header of headers) expect(verifier.verify(header, body, now)).toEqual(caller);
    expect(verifier.verify(headers[4], body, now)).toBeNull();
    expect((verifier as unknown as { seen: Map<string, number> }).seen.size).toBeLessThanOrEqual(3);
  });
});

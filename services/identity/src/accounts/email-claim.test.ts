import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@brandloom/runtime/testing';
import { emailClaimDecider, emailClaimStream, normalizeEmail } from './email-claim.js';

const spec = deciderSpec(emailClaimDecider);
const first = '11111111-1111-4111-8111-111111111111';
const second = '22222222-2222-4222-8222-222222222222';
const claimed = { type: 'identity.EmailClaimed' as const, data: { email: 'ana@shop.test', userId: first } };

describe('an email address', () => {
  it('is claimed by the first account that asks', () => {
    spec.given([]).when({ type: 'ClaimEmail', email: 'ana@shop.test', userId: first }).then([claimed]);
  });

  it('is refused to a second account', () => {
    spec
      .given([claimed])
      .when({ type: 'ClaimEmail', email: 'ana@shop.test', userId: second })
      .thenThrows(/already exists/);
  });

  it('is claimed again by the same account without a new event (a retried registration)', () => {
    spec.given([claimed]).when({ type: 'ClaimEmail', email: 'ana@shop.test', userId: first }).thenNothingHappened();
  });

  it('is the same address whatever its case and surrounding spaces', () => {
    expect(emailClaimStream(normalizeEmail('  Ana@Shop.TEST '))).toBe(emailClaimStream('ana@shop.test'));
  });

  it('does not appear in the stream id', () => {
    expect(emailClaimStream('ana@shop.test')).not.toContain('ana');
  });
});

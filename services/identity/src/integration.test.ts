import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@brandloom/runtime';
import { identityIntegrationEvent } from './integration.js';

const userId = '66666666-6666-4666-8666-666666666666';
const recorded = (type: string, data: unknown): RecordedEvent => ({
  id: '77777777-7777-4777-8777-777777777777',
  streamId: `vault-${userId}`,
  revision: 1,
  position: 9,
  type,
  version: 1,
  data,
  metadata: { tenantId: userId, correlationId: 'c', causationId: null, occurredAt: '2026-11-26T05:00:00.000Z' },
});

describe('what identity publishes of a credentials save', () => {
  const saved = recorded('identity.CredentialsSaved', {
    userId,
    wrappedDataKey: 'sealed-data-key',
    sealed: { twitterApiKey: 'ciphertext-1' },
    removed: ['facebookAccessToken'],
    set: ['openaiApiKey', 'twitterApiKey'],
    at: '2026-11-26T05:00:00.000Z',
  });

  it('names every credential that is set now, for platform status', () => {
    expect(identityIntegrationEvent(saved)).toMatchObject({
      type: 'identity.CredentialsChanged',
      version: 1,
      data: { userId, set: ['openaiApiKey', 'twitterApiKey'], changedAt: '2026-11-26T05:00:00.000Z' },
    });
  });

  it('carries no value, not even sealed', () => {
    expect(JSON.stringify(identityIntegrationEvent(saved))).not.toMatch(/ciphertext|sealed-data-key/);
  });
});

describe('what identity publishes of a suspension', () => {
  const by = '88888888-8888-4888-8888-888888888888';
  it('says the account is inactive, then active again, without who did it', () => {
    const at = '2026-11-26T06:00:00.000Z';
    const suspended = identityIntegrationEvent(recorded('identity.UserSuspended', { userId, by, at }));
    const activated = identityIntegrationEvent(recorded('identity.UserActivated', { userId, by, at }));
    expect(suspended).toMatchObject({ type: 'identity.AccountStatusChanged', data: { userId, active: false } });
    expect(activated).toMatchObject({ type: 'identity.AccountStatusChanged', data: { userId, active: true } });
    expect(JSON.stringify(suspended)).not.toContain(by);
  });
});

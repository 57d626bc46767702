import { describe, expect, it } from 'vitest';
import { createIntegrationEventRegistry, subjectFor, UnknownEventError, UserRegistered } from './index.js';

const envelope = (version: number, data: unknown) => ({
  id: '55555555-5555-4555-8555-555555555555',
  type: 'identity.UserRegistered',
  version,
  streamId: 'user-55555555-5555-4555-8555-555555555555',
  revision: 0,
  position: 12,
  occurredAt: '2026-11-25T10:00:00.000Z',
  tenantId: '55555555-5555-4555-8555-555555555555',
  correlationId: 'req-1',
  causationId: null,
  data,
});
const v1Data = {
  userId: '55555555-5555-4555-8555-555555555555',
  email: 'ana@shop.test',
  firstName: 'Ana',
  lastName: 'Silva',
  registeredAt: '2026-11-25T10:00:00.000Z',
};

describe('the integration event registry', () => {
  const registry = createIntegrationEventRegistry();

  it('upcasts a v1 UserRegistered to the latest version', () => {
    const parsed = registry.parse(envelope(1, v1Data));
    expect(parsed.version).toBe(2);
    expect(parsed.data).toEqual({ ...v1Data, isAdmin: false });
  });

  it('keeps a current event as it is', () => {
    expect(registry.parse(envelope(2, { ...v1Data, isAdmin: true })).data).toEqual({ ...v1Data, isAdmin: true });
  });

  it('refuses an event whose data does not match its version', () => {
    expect(() => registry.parse(envelope(2, { ...v1Data, email: 'not an email' }))).toThrow();
  });

  it('refuses a version newer than it knows, and says so', () => {
    const parse = () => registry.parse(envelope(9, v1Data));
    expect(parse).toThrow(UnknownEventError);
    try {
      parse();
    } catch (error) {
      expect((error as UnknownEventError).isNewerVersion).toBe(true);
    }
  });

  it('refuses a type it does not know', () => {
    expect(() => registry.parse({ ...envelope(1, v1Data), type: 'identity.UserVanished' })).toThrow(UnknownEventError);
  });

  it('narrows on the type without casts', () => {
    const event = registry.parse(envelope(2, { ...v1Data, isAdmin: false }));
    if (event.type !== UserRegistered.type) throw new Error('expected a registration');
    expect(event.data.email).toBe('ana@shop.test');
  });

  it('counts versions once: the latest is one more than the older ones', () => {
    expect(UserRegistered.version).toBe(2);
  });

  it('names the NATS subject after the context and the event', () => {
    expect(subjectFor('identity.UserRegistered')).toBe('events.identity.UserRegistered');
  });
});

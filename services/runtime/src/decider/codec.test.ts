import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RecordedEvent } from '../event-store/port.js';
import { defineEventCodec } from './codec.js';

const codec = defineEventCodec({ 'shop.Opened': z.object({ name: z.string().min(1) }) });

const recorded = (type: string, data: unknown): RecordedEvent => ({
  id: '0b6f8c3e-2a4d-4a51-9f7e-3c1d2e4f5a6b',
  streamId: 'shop-1',
  revision: 0,
  position: 1,
  type,
  version: 1,
  data,
  metadata: { tenantId: null, correlationId: 'test', causationId: null, occurredAt: '2026-11-25T10:00:00.000Z' },
});

describe('an event codec', () => {
  it('checks the data of an event against its schema', () => {
    expect(codec.decode(recorded('shop.Opened', { name: 'Linen & Co' }))).toEqual({
      type: 'shop.Opened',
      data: { name: 'Linen & Co' },
    });
    expect(() => codec.decode(recorded('shop.Opened', { name: '' }))).toThrow();
  });

  it('trusts the data of its own replays without parsing it, but not an unknown type', () => {
    const unchecked = { name: '' };
    expect(codec.decodeTrusted(recorded('shop.Opened', unchecked)).data).toBe(unchecked);
    expect(() => codec.decodeTrusted(recorded('shop.Closed', {}))).toThrow(/Unknown event type shop.Closed in shop-1/);
  });
});

import { describe, expect, it } from 'vitest';
import { eventStoreUrlFor } from './infrastructure.js';

describe('an EventStoreDB address', () => {
  it('names each service its own database', () => {
    expect(eventStoreUrlFor('billing', 'esdb://{service}-events:2113?tls=false')).toBe(
      'esdb://billing-events:2113?tls=false',
    );
  });
});

import { randomUUID } from 'node:crypto';
import { subjectFor, type EventDefinition, type EventEnvelope } from '@brandloom/proto-events';
import type { Bus } from '@brandloom/runtime';

let position = 1_000_000;

/**
 * Puts another context's event straight onto the bus, as its service's outbox relay would: how
 * a test drives a service whose upstream (scheduling, identity) it does not run or script.
 */
export async function publishEvent<Data>(
  bus: Bus,
  definition: EventDefinition<string, Data>,
  data: Data,
): Promise<string> {
  const id = randomUUID();
  position += 1;
  const envelope: EventEnvelope<Data> = {
    id,
    type: definition.type,
    version: definition.version,
    streamId: `test-${id}`,
    revision: 0,
    position,
    occurredAt: new Date().toISOString(),
    tenantId: null,
    correlationId: `test-${id}`,
    causationId: null,
    data,
  };
  await bus.publish(subjectFor(definition.type), new TextEncoder().encode(JSON.stringify(envelope)), { msgId: id });
  return id;
}

/** Collects the envelopes published on some subjects, from the start of the bus, for assertions. */
export async function collectEvents(bus: Bus, durable: string, subjects: string[]) {
  const seen: EventEnvelope[] = [];
  const consumer = await bus.consume({ durable, subjects, ackWaitMs: 5_000 }, async (message) => {
    seen.push(JSON.parse(new TextDecoder().decode(message.data)) as EventEnvelope);
    await message.ack();
  });
  return {
    seen,
    ofType: <Data>(type: string) => seen.filter((event) => event.type === type) as EventEnvelope<Data>[],
    stop: () => consumer.stop(),
  };
}

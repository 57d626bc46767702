import type { z } from 'zod';
import { eventEnvelopeSchema, type EventEnvelope } from './envelope.js';

/**
 * One published version of one event type. An upcaster turns this version's data into the data
 * of the next version, so consumers only ever handle the latest shape; old events stay readable.
 */
export interface EventVersion<Data = unknown> {
  type: string;
  version: number;
  schema: z.ZodType<Data>;
  upcast?: (data: Data) => unknown;
}

export class UnknownEventError extends Error {
  constructor(type: string, version: number) {
    super(`Unknown integration event ${type} v${version}`);
    this.name = 'UnknownEventError';
  }
}

export class EventRegistry {
  private readonly versions = new Map<string, EventVersion>();

  register<Data>(definition: EventVersion<Data>): this {
    this.versions.set(key(definition.type, definition.version), definition as EventVersion);
    return this;
  }

  /** Validates an envelope from the outside and upcasts its data to the latest version. */
  parse(raw: unknown): EventEnvelope {
    const envelope = eventEnvelopeSchema.parse(raw) as EventEnvelope;
    let { version, data } = envelope;
    for (;;) {
      const definition = this.versions.get(key(envelope.type, version));
      if (!definition) throw new UnknownEventError(envelope.type, version);
      data = definition.schema.parse(data);
      if (!definition.upcast) break;
      data = definition.upcast(data);
      version += 1;
    }
    return { ...envelope, version, data };
  }
}

function key(type: string, version: number): string {
  return `${type}@${version}`;
}

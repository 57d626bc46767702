import type { z } from 'zod';
import { contextOf, eventEnvelopeSchema, type EventEnvelope } from './envelope.js';

/** An earlier version of an event: its schema, and how its data becomes the next version's. */
export interface OlderVersion {
  schema: z.ZodType;
  upcast: (data: never) => unknown;
}

/**
 * One published event type: its name, its current version and schema, and its older versions
 * with their upcasters. The version number is counted here, once: the latest is one more than
 * the number of older versions, so producers and consumers never write it by hand.
 */
export interface EventDefinition<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly version: number;
  readonly schema: z.ZodType<Data>;
  readonly olderVersions: readonly OlderVersion[];
}

/** `defineEvent('identity.UserRegistered', v2, [{ schema: v1, upcast }])` is version 2. */
export function defineEvent<const Type extends `${string}.${string}`, Data>(
  type: Type,
  schema: z.ZodType<Data>,
  olderVersions: readonly OlderVersion[] = [],
): EventDefinition<Type, Data> {
  return { type, version: olderVersions.length + 1, schema, olderVersions };
}

/** A context's published events, all named `<context>.<EventName>`. */
export interface EventContext<Events extends EventDefinition = EventDefinition> {
  readonly name: string;
  readonly events: readonly Events[];
}

export function defineContext<const Name extends string, const Events extends EventDefinition<`${Name}.${string}`>[]>(
  name: Name,
  events: Events,
): EventContext<Events[number]> {
  return { name, events };
}

/** The envelope of one known event, its data already upcast to the current version. */
export type EnvelopeOf<Definition> =
  Definition extends EventDefinition<infer Type, infer Data> ? EventEnvelope<Data> & { type: Type } : never;

export class UnknownEventError extends Error {
  constructor(
    readonly type: string,
    readonly version: number,
    /** The newest version this consumer knows of the type, or null when the type is unknown. */
    readonly knownVersion: number | null,
  ) {
    super(`Unknown integration event ${type} v${version}`);
    this.name = 'UnknownEventError';
  }

  /** A later version than this consumer knows: it was published by a newer producer. */
  get isNewerVersion(): boolean {
    return this.knownVersion !== null && this.version > this.knownVersion;
  }
}

/**
 * Every integration event a consumer can read, registered context by context. `parse` checks an
 * envelope from the outside and upcasts its data to the current version, so consumers handle one
 * shape per type and narrow on `type` without casts.
 */
export class EventRegistry<Definition extends EventDefinition = EventDefinition> {
  private readonly byType = new Map<string, EventDefinition>();

  constructor(contexts: readonly EventContext<Definition>[]) {
    for (const context of contexts) {
      for (const definition of context.events) {
        if (contextOf(definition.type) !== context.name) {
          throw new Error(`${definition.type} is registered under the context ${context.name}`);
        }
        this.byType.set(definition.type, definition);
      }
    }
  }

  knows(type: string): boolean {
    return this.byType.has(type);
  }

  parse(raw: unknown): EnvelopeOf<Definition> {
    const envelope = eventEnvelopeSchema.parse(raw);
    const definition = this.byType.get(envelope.type);
    if (!definition || envelope.version > definition.version || envelope.version < 1) {
      throw new UnknownEventError(envelope.type, envelope.version, definition?.version ?? null);
    }
    let data: unknown = envelope.data;
    for (const older of definition.olderVersions.slice(envelope.version - 1)) {
      data = older.upcast(older.schema.parse(data) as never);
    }
    data = definition.schema.parse(data);
    return { ...envelope, version: definition.version, data } as EnvelopeOf<Definition>;
  }
}

import type { z } from 'zod';
import type { RecordedEvent } from '../event-store/port.js';
import type { DomainEvent } from './decider.js';

/**
 * Validates what a service reads back from its own store, so a malformed or unknown event is a
 * loud error at the boundary rather than a silent `undefined` deep inside a fold.
 */
export interface EventCodec<Event extends DomainEvent> {
  decode(recorded: RecordedEvent): Event;
  /**
   * The event without schema checks, for replays of the service's own store: every event there
   * was written by its own deciders, typed at compile time, so parsing each again at every
   * rebuild costs time and proves nothing. Events from elsewhere (inbox copies) go through
   * `decode`. Still refuses a type it does not know.
   */
  decodeTrusted(recorded: RecordedEvent): Event;
  /** Whether this codec knows the event's type (foreign events pass by). */
  knows(type: string): boolean;
  version(type: Event['type']): number;
}

type SchemaMap = Record<string, z.ZodType>;
export type EventsOf<Schemas extends SchemaMap> = {
  [Type in keyof Schemas & string]: DomainEvent<Type, z.infer<Schemas[Type]>>;
}[keyof Schemas & string];

/** Every event type of a service at version 1 with its data schema. */
export function defineEventCodec<Schemas extends SchemaMap>(schemas: Schemas): EventCodec<EventsOf<Schemas>> {
  return {
    knows: (type) => Object.hasOwn(schemas, type),
    version: () => 1,
    decode(recorded) {
      const schema = schemas[recorded.type];
      if (!schema) throw new Error(`Unknown event type ${recorded.type} in ${recorded.streamId}`);
      return { type: recorded.type, data: schema.parse(recorded.data) } as EventsOf<Schemas>;
    },
    decodeTrusted(recorded) {
      if (!Object.hasOwn(schemas, recorded.type)) {
        throw new Error(`Unknown event type ${recorded.type} in ${recorded.streamId}`);
      }
      return { type: recorded.type, data: recorded.data } as EventsOf<Schemas>;
    },
  };
}

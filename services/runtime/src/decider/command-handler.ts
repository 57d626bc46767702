import {
  WrongExpectedRevisionError,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type RecordedEvent,
} from '../event-store/port.js';
import { newId } from '../ids.js';
import { fold, type Decider, type DomainEvent } from './decider.js';
import type { EventCodec } from './codec.js';

export interface CommandMetadata {
  tenantId: string | null;
  correlationId: string;
  causationId?: string | null;
  occurredAt: string;
  /** Deterministic ids for the emitted events (reactions); random ids otherwise. */
  eventId?: (index: number) => string;
}

export interface CommandResult<Event, State> {
  newEvents: Event[];
  newState: State;
  /** Global position of the last appended event, or null when nothing was appended. */
  position: number | null;
}

const MAX_ATTEMPTS = 3;

/** What one aggregate's command handler is bound to, once. */
export interface CommandHandlerOptions<Command, Event extends DomainEvent, State> {
  store: EventStore;
  codec: EventCodec<Event>;
  decider: Decider<Command, Event, State>;
}

/**
 * One aggregate's application service, bound once to its store, codec and decider (as Emmett's
 * `CommandHandler({ evolve, initialState })`), so a call site names only the stream, the command
 * and its metadata.
 */
export interface CommandHandler<Command, Event extends DomainEvent, State> {
  /**
   * Read the stream, fold it, decide, append with the revision that was read. A concurrent
   * writer makes the append fail; the command is then decided again on the fresh state.
   */
  handle(streamId: string, command: Command, metadata: CommandMetadata): Promise<CommandResult<Event, State>>;
  /** Read a stream and fold it, for queries that need an aggregate's current state. */
  load(streamId: string): Promise<State>;
}

export function commandHandler<Command, Event extends DomainEvent, State>({
  store,
  codec,
  decider,
}: CommandHandlerOptions<Command, Event, State>): CommandHandler<Command, Event, State> {
  const read = async (streamId: string) => {
    const recorded = await store.readStream(streamId);
    const state = fold(
      decider,
      recorded.map((event) => codec.decode(event)),
    );
    return { recorded, state };
  };
  return {
    async handle(streamId, command, metadata) {
      for (let attempt = 1; ; attempt++) {
        const { recorded, state } = await read(streamId);
        const newEvents = decider.decide(command, state);
        const newState = newEvents.reduce(decider.evolve, state);
        if (newEvents.length === 0) return { newEvents, newState, position: null };
        try {
          const { position } = await store.appendToStream(
            streamId,
            newEvents.map((event, index) => toAppend(codec, event, index, metadata)),
            { expectedRevision: expectedRevisionAfter(recorded) },
          );
          return { newEvents, newState, position };
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
        }
      }
    },
    load: async (streamId) => (await read(streamId)).state,
  };
}

function expectedRevisionAfter(recorded: readonly RecordedEvent[]): ExpectedRevision {
  const last = recorded.at(-1);
  return last ? last.revision : 'no_stream';
}

function toAppend<Event extends DomainEvent>(
  codec: EventCodec<Event>,
  event: Event,
  index: number,
  metadata: CommandMetadata,
): EventToAppend {
  return {
    id: metadata.eventId ? metadata.eventId(index) : newId(),
    type: event.type,
    version: codec.version(event.type),
    data: event.data,
    metadata: {
      tenantId: metadata.tenantId,
      correlationId: metadata.correlationId,
      causationId: metadata.causationId ?? null,
      occurredAt: metadata.occurredAt,
    },
  };
}

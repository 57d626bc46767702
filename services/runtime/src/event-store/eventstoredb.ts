import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type AppendResult as ServerAppendResult,
  type EventData,
  type Filter,
  type JSONType,
  type Position,
  type ReadPosition,
  type ReadStreamOptions,
  type RecordedEvent as ServerRecordedEvent,
} from '@eventstore/db-client';
import { assertExpectedRevision, priorAppendOf, resultOfHead } from './append-rules.js';
import {
  WrongExpectedRevisionError,
  categoryOf,
  type AppendResult,
  type EventHandler,
  type EventMetadata,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './port.js';
import { SubscriptionSet, type SubscriptionControl } from './subscription.js';

/**
 * Checkpoints live in streams of this category. It is reserved: readAll and subscriptions never
 * return its events, so no application stream may use it.
 */
const CHECKPOINT_CATEGORY = '_checkpoint';
const CHECKPOINT_EVENT_TYPE = 'CheckpointSet';

/** Our event metadata plus the event's schema version, which the server has no field for. */
interface StoredMetadata extends EventMetadata {
  version: number;
}

/** Which events of $all a read or a subscription wants. */
interface Selection {
  after: number;
  categories: ReadonlySet<string> | null;
}

/**
 * The event store on an EventStoreDB server (22.10 or later, which reports $all positions on
 * stream reads). Global positions are the server's commit positions.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new SubscriptionSet();

  constructor(options: { connectionString: string }) {
    this.client = EventStoreDBClient.connectionString(options.connectionString);
  }

  async appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    const expected = options.expectedRevision;
    if (events.length === 0) {
      const head = await this.headOf(streamId);
      assertExpectedRevision(streamId, expected, head);
      return resultOfHead(head);
    }
    // The server spots a repeated batch by itself only when the expectation points before it, or
    // while its ids are still in a bounded cache. Only 'no_stream' always points before it.
    if (expected !== 'no_stream') {
      const prior = await this.priorAppend(streamId, events);
      if (prior) return prior;
    }
    try {
      const result = await this.client.appendToStream(streamId, events.map(toEventData), {
        expectedRevision: toServerExpectation(expected),
      });
      return await this.toAppendResult(streamId, result);
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      // A repeat that raced the original, or one expecting no stream after the stream grew.
      const prior = await this.priorAppend(streamId, events);
      if (prior) return prior;
      const actual = error.actualVersion === NO_STREAM ? 'no_stream' : Number(error.actualVersion);
      throw new WrongExpectedRevisionError(streamId, expected, actual);
    }
  }

  async readStream(streamId: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]> {
    const recorded = await this.readServerStream(streamId, {
      fromRevision: BigInt(options?.fromRevision ?? 0),
    });
    return recorded.map(toRecordedEvent);
  }

  async readAll({ after, categories, maxCount }: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const selection = selectionOf(after, categories);
    const events: RecordedEvent[] = [];
    if (maxCount === 0) return events;
    const read = this.client.readAll({ fromPosition: toReadPosition(after), direction: FORWARDS });
    for await (const resolved of read) {
      const event = selectEvent(resolved, selection);
      if (event === null) continue;
      events.push(event);
      if (events.length === maxCount) {
        await read.cancel();
        break;
      }
    }
    return events;
  }

  subscribeToAll(options: SubscribeOptions, handler: EventHandler, onError?: (error: unknown) => void): Subscription {
    return this.subscriptions.start((control) => this.deliver(options, handler, control), onError);
  }

  async getCheckpoint(name: string): Promise<number | null> {
    const [last] = await this.readServerStream(checkpointStream(name), {
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: 1,
    });
    return last === undefined ? null : (last.data as { position: number }).position;
  }

  async setCheckpoint(name: string, position: number): Promise<void> {
    const stream = checkpointStream(name);
    const result = await this.client.appendToStream(
      stream,
      jsonEvent({ type: CHECKPOINT_EVENT_TYPE, data: { position } }),
    );
    // Only the last checkpoint matters; let the server scavenge the ones before it.
    if (result.nextExpectedRevision === 0n) {
      await this.client.setStreamMetadata(stream, { maxCount: 1 });
    }
  }

  async close(): Promise<void> {
    await this.subscriptions.stopAll();
    await this.client.dispose();
  }

  private async headOf(streamId: string) {
    const [last] = await this.readServerStream(streamId, {
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: 1,
    });
    return last === undefined ? null : { revision: Number(last.revision), position: positionOf(last) };
  }

  private async priorAppend(streamId: string, events: readonly EventToAppend[]) {
    const recorded = await this.readStream(streamId);
    const places = new Map(recorded.map((event) => [event.id, event]));
    return priorAppendOf(
      streamId,
      events.map((event) => event.id),
      (id) => places.get(id),
    );
  }

  /** The server may answer a batch it recognises as a repeat without a position; read it back. */
  private async toAppendResult(streamId: string, result: ServerAppendResult): Promise<AppendResult> {
    const revision = result.nextExpectedRevision;
    if (result.position !== undefined) {
      return { nextExpectedRevision: Number(revision), position: commitOf(result.position) };
    }
    const [last] = await this.readServerStream(streamId, { fromRevision: revision, maxCount: 1 });
    if (last === undefined) throw new Error(`Stream ${streamId}: revision ${revision} not found`);
    return { nextExpectedRevision: Number(revision), position: positionOf(last) };
  }

  private async readServerStream(streamId: string, options: ReadStreamOptions): Promise<ServerRecordedEvent[]> {
    const recorded: ServerRecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, options)) {
        if (resolved.event) recorded.push(resolved.event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return recorded;
  }

  /** The commit position of the last event in $all, whatever it is; 0 when $all is empty. */
  private async endOfAll(): Promise<number> {
    const read = this.client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 });
    for await (const resolved of read) {
      if (resolved.event) return commitOf(resolved.event.position);
    }
    return 0;
  }

  /**
   * Without categories the server sends everything and the last event of $all at the start marks
   * the end of the backlog. With categories it filters, so that event may never arrive; then the
   * server's own signals tell: "caught up" (servers 23.10+) and filter checkpoints past the end.
   * Either only means the backlog was *sent*: it may still sit in the stream's buffer, so the
   * backlog ends with the events received so far plus those buffered.
   */
  private async deliver(
    { after, categories }: SubscribeOptions,
    handler: EventHandler,
    control: SubscriptionControl,
  ): Promise<void> {
    const selection = selectionOf(after, categories);
    const end = await this.endOfAll();
    if (end <= selection.after) control.markCaughtUp();
    if (control.stopped) return;

    let received = 0;
    let handled = 0;
    let backlogSize = Infinity;
    const backlogSent = () => {
      backlogSize = Math.min(backlogSize, received + subscription.readableLength);
      if (handled >= backlogSize) control.markCaughtUp();
    };
    const subscription = this.client.subscribeToAll({
      fromPosition: toReadPosition(after),
      filter: serverFilter(categories, (position) => {
        if (commitOf(position) >= end) backlogSent();
      }),
    });
    subscription.on('caughtUp', backlogSent);
    control.onStop(() => void subscription.unsubscribe());
    try {
      for await (const resolved of subscription) {
        received += 1;
        if (control.stopped) return;
        const event = selectEvent(resolved, selection);
        if (event !== null) await handler(event);
        handled += 1;
        const position = resolved.event ? commitOf(resolved.event.position) : 0;
        if (handled >= backlogSize || position >= end) control.markCaughtUp();
      }
    } finally {
      await subscription.unsubscribe();
    }
  }
}

export function openEventStoreDb(options: { connectionString: string }): EventStore {
  return new EventStoreDbEventStore(options);
}

function checkpointStream(name: string): string {
  return `${CHECKPOINT_CATEGORY}-${name}`;
}

function toEventData(event: EventToAppend): EventData {
  const metadata: StoredMetadata = { ...event.metadata, version: event.version };
  return jsonEvent({
    id: event.id,
    type: event.type,
    data: (event.data ?? null) as JSONType,
    metadata,
  });
}

function toServerExpectation(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return BigInt(expected);
  }
}

/** Positions in our port are exclusive; the server starts reads at the given position itself. */
function toReadPosition(after: number | undefined): ReadPosition {
  return after === undefined || after <= 0 ? START : { commit: BigInt(after), prepare: BigInt(after) };
}

function commitOf(position: Position): number {
  return Number(position.commit);
}

function positionOf(recorded: ServerRecordedEvent): number {
  // Older servers report no $all position on stream reads, or the largest unsigned long.
  if (recorded.position === undefined || recorded.position.commit > Number.MAX_SAFE_INTEGER) {
    throw new Error(
      `EventStoreDB did not report the $all position of ${recorded.streamId}@${recorded.revision}; ` +
        'version 22.10 or later is required',
    );
  }
  return commitOf(recorded.position);
}

function toRecordedEvent(recorded: ServerRecordedEvent): RecordedEvent {
  // Written by toEventData: the store owns every non-system stream it reads.
  const { version, ...metadata } = recorded.metadata as unknown as StoredMetadata;
  return {
    id: recorded.id,
    streamId: recorded.streamId,
    revision: Number(recorded.revision),
    position: positionOf(recorded),
    type: recorded.type,
    version,
    data: recorded.data,
    metadata,
  };
}

function selectionOf(after: number | undefined, categories: readonly string[] | undefined): Selection {
  return { after: after ?? 0, categories: categories ? new Set(categories) : null };
}

/** Our event, if the resolved one is ours and selected: not the server's, not a checkpoint. */
function selectEvent(resolved: AllStreamResolvedEvent, selection: Selection): RecordedEvent | null {
  const recorded = resolved.event;
  if (recorded === undefined || !recorded.isJson) return null;
  if (recorded.type.startsWith('$') || recorded.streamId.startsWith('$')) return null;
  const category = categoryOf(recorded.streamId);
  if (category === CHECKPOINT_CATEGORY) return null;
  if (selection.categories !== null && !selection.categories.has(category)) return null;
  if (commitOf(recorded.position) <= selection.after) return null;
  return toRecordedEvent(recorded);
}

/**
 * Narrows a subscription on the server when categories are given; the checkpoints it then sends
 * report how far it has searched.
 */
function serverFilter(
  categories: readonly string[] | undefined,
  onCheckpoint: (position: Position) => void,
): Filter | undefined {
  if (categories === undefined || categories.length === 0) return undefined;
  const alternatives = categories.map(escapeRegex).join('|');
  return streamNameFilter({
    regex: `^(?:${alternatives})(?:-|$)`,
    checkpointReached: (_subscription, position) => onCheckpoint(position),
  });
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

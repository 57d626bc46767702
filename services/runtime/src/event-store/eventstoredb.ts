import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
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

/**
 * How many events past a batch an append still looks for it. A retry that expects the revision
 * its original expected is caught by the server whatever the distance; this window covers a retry
 * that expects the stream's current head (a reaction redelivered after its aggregate moved on) or
 * 'any' after the server's bounded id cache has forgotten the batch.
 */
export const REPEAT_WINDOW = 32;

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
 * stream reads).
 *
 * Global positions are the server's *prepare* positions: the log position of the event's own
 * record, unique per event on every read path. Commit positions are not: the events of one
 * multi-event append may share theirs, so resuming "after" a shared commit position would lose the
 * rest of that append. Appends write their events contiguously, so prepare order is $all order,
 * and a read from {commit: p, prepare: p} starts at or before the event at p (never after it).
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
    // The server recognises a repeated batch by itself when the expectation is the revision just
    // before it ('no_stream' for a batch at the start), and for 'any' or 'stream_exists' while its
    // ids are in a bounded cache. A repeat expecting the current head it would record twice, so
    // look for the batch near the head first: a bounded read, whatever the stream's length.
    if (expected !== 'no_stream') {
      const prior = await this.priorAppendNearHead(streamId, events);
      if (prior) return prior;
    }
    try {
      const result = await this.client.appendToStream(streamId, events.map(toEventData), {
        expectedRevision: toServerExpectation(expected),
      });
      return await this.resultAt(streamId, result.nextExpectedRevision);
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      // A repeat that raced the original, or one expecting no stream after the stream grew.
      const prior = await this.priorAppendNearHead(streamId, events);
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

  /**
   * The client's readAll takes no filter, so a read is a filtered subscription that stops once
   * it has caught up (or has maxCount events): the server picks the categories, and only the
   * selected events cross the network.
   */
  async readAll({ after, categories, maxCount }: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    if (maxCount === 0) return events;
    const limit = maxCount ?? Infinity;
    const reading = this.subscriptions.start(
      (control) =>
        this.deliver(
          { after, categories },
          (event) => {
            if (events.length >= limit) return;
            events.push(event);
            // For a read, enough events is as good as the end of the backlog.
            if (events.length === limit) control.markCaughtUp();
          },
          control,
        ),
      () => undefined,
    );
    await reading.caughtUp;
    await reading.stop();
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

  /**
   * The earlier append of this very batch, if it lies among the stream's last events; see
   * REPEAT_WINDOW. One backward read of at most events.length + REPEAT_WINDOW events.
   */
  private async priorAppendNearHead(streamId: string, events: readonly EventToAppend[]) {
    const tail = await this.readServerStream(streamId, {
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: BigInt(events.length + REPEAT_WINDOW),
    });
    const recorded = new Map(tail.map((event) => [event.id, event]));
    return priorAppendOf(
      streamId,
      events.map((event) => event.id),
      (id) => {
        const event = recorded.get(id);
        return event && { streamId, revision: Number(event.revision), position: positionOf(event) };
      },
    );
  }

  /**
   * The result of an append that left the stream's head at `revision`. The position is read back
   * rather than taken from the server's answer, which reports one position for the whole batch
   * (or none for a repeat it recognised), not necessarily the last event's prepare position.
   */
  private async resultAt(streamId: string, revision: bigint): Promise<AppendResult> {
    const [last] = await this.readServerStream(streamId, { fromRevision: revision, maxCount: 1n });
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

  /** The server position of the last event in $all, whatever it is; null when $all is empty. */
  private async endOfAll(): Promise<Position | null> {
    const read = this.client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 });
    for await (const resolved of read) {
      if (resolved.event) return resolved.event.position;
    }
    return null;
  }

  /**
   * The server filters every subscription (our categories, or everything but system streams and
   * checkpoints), so the last event of $all at the start may never arrive. Then the server's own
   * signals tell where the backlog ends: "caught up" (servers 23.10+) and filter checkpoints past
   * the end. Either only means the backlog was *sent*: it may still sit in the stream's buffer,
   * so the backlog ends with the events received so far plus those buffered.
   */
  private async deliver(
    { after, categories }: SubscribeOptions,
    handler: EventHandler,
    control: SubscriptionControl,
  ): Promise<void> {
    const selection = selectionOf(after, categories);
    const end = await this.endOfAll();
    if (end === null || Number(end.prepare) <= selection.after) control.markCaughtUp();
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
        if (end !== null && isAtOrPast(position, end)) backlogSent();
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
        const reachedEnd = end !== null && resolved.event !== undefined && isAtOrPast(resolved.event.position, end);
        if (handled >= backlogSize || reachedEnd) control.markCaughtUp();
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

/**
 * Positions in our port are exclusive; the server starts at the given position itself, or earlier
 * when it lies inside an append whose events share a commit position. Either way the events at or
 * before `after` are dropped on our side (selectEvent).
 */
export function toReadPosition(after: number | undefined): ReadPosition {
  return after === undefined || after <= 0 ? START : { commit: BigInt(after), prepare: BigInt(after) };
}

/** Whether a server position is at or past another, in $all order (commit, then prepare). */
export function isAtOrPast(position: Position, other: Position): boolean {
  return position.commit > other.commit || (position.commit === other.commit && position.prepare >= other.prepare);
}

/** Our global position of a recorded event: its prepare position (see the class comment). */
export function positionOf(recorded: Pick<ServerRecordedEvent, 'position' | 'streamId' | 'revision'>): number {
  // Older servers report no $all position on stream reads, or the largest unsigned long.
  const prepare = recorded.position?.prepare;
  if (prepare === undefined || prepare > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new Error(
      `EventStoreDB did not report the $all position of ${recorded.streamId}@${recorded.revision}; ` +
        'version 22.10 or later is required',
    );
  }
  return Number(prepare);
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
  if (positionOf(recorded) <= selection.after) return null;
  return toRecordedEvent(recorded);
}

/**
 * The server-side filter of every read and subscription: the given categories, or else every
 * stream but the server's own and our checkpoints. The checkpoints it sends report how far it
 * has searched.
 */
function serverFilter(categories: readonly string[] | undefined, onCheckpoint: (position: Position) => void): Filter {
  return streamNameFilter({
    regex: streamNameRegex(categories),
    checkpointReached: (_subscription, position) => onCheckpoint(position),
  });
}

/**
 * A regex for the server (.NET syntax; this subset means the same in JavaScript) matching the
 * streams a read selects. A category is the stream id up to its first '-', or the whole id.
 */
export function streamNameRegex(categories: readonly string[] | undefined): string {
  if (categories === undefined || categories.length === 0) {
    return `^(?!\\$|${escapeRegex(CHECKPOINT_CATEGORY)}(?:-|$))`;
  }
  const alternatives = categories.map(escapeRegex).join('|');
  return `^(?:${alternatives})(?:-|$)`;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The event store port. Two adapters implement it (sqlite for one machine, EventStoreDB for
 * production) and both pass the same contract suite (`contract.ts`).
 *
 * Revisions are 0-based per stream; positions are global, strictly increasing across the store.
 */

/** The revision of a stream's last event, or a rule about the stream's existence. */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

export interface EventMetadata {
  /** The owning user (the tenant); null for events that belong to no one account. */
  tenantId: string | null;
  correlationId: string;
  causationId: string | null;
  occurredAt: string;
}

export interface EventToAppend {
  /** A uuid. Appending the same ids to the same stream again is a no-op (idempotency). */
  id: string;
  type: string;
  version: number;
  data: unknown;
  metadata: EventMetadata;
}

export interface RecordedEvent extends EventToAppend {
  streamId: string;
  revision: number;
  position: number;
}

export interface AppendResult {
  /** The revision of the stream's last event after the append. */
  nextExpectedRevision: number;
  /** The global position of the last appended event. */
  position: number;
}

export interface ReadAllOptions {
  /** Read events strictly after this position; from the start when omitted. */
  after?: number;
  /** Only streams of these categories (the part of the stream id before the first '-'). */
  categories?: readonly string[];
  maxCount?: number;
}

export interface SubscribeOptions {
  after?: number;
  categories?: readonly string[];
}

export type EventHandler = (event: RecordedEvent) => void | Promise<void>;

export interface Subscription {
  /** Resolves once every event recorded before the subscription started has been handled. */
  readonly caughtUp: Promise<void>;
  stop(): Promise<void>;
}

export interface EventStore {
  appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult>;
  /** The stream's events in order from `fromRevision` (default 0); empty when there is no stream. */
  readStream(streamId: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * Catch up from `after`, then follow live appends. The handler sees one event at a time, in
   * global order. If it throws, the subscription stops and `onError` is told.
   */
  subscribeToAll(options: SubscribeOptions, handler: EventHandler, onError?: (error: unknown) => void): Subscription;
  /** Named positions kept in the store itself (outbox relay, reactions). */
  getCheckpoint(name: string): Promise<number | null>;
  setCheckpoint(name: string, position: number): Promise<void>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** The stream's actual last revision, or 'no_stream'. */
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** `post-7f3c…` → `post` */
export function categoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash < 0 ? streamId : streamId.slice(0, dash);
}

import { WrongExpectedRevisionError, type AppendResult, type ExpectedRevision } from './port.js';

/** Where a stream stands: its last event, or null when there is no stream. */
export type StreamHead = { revision: number; position: number } | null;

/** Where an event id is already recorded. */
export interface RecordedPlace {
  streamId: string;
  revision: number;
  position: number;
}

export function assertExpectedRevision(streamId: string, expected: ExpectedRevision, head: StreamHead): void {
  const actual = head === null ? 'no_stream' : head.revision;
  if (!satisfies(expected, actual)) {
    throw new WrongExpectedRevisionError(streamId, expected, actual);
  }
}

function satisfies(expected: ExpectedRevision, actual: number | 'no_stream'): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return actual === 'no_stream';
    case 'stream_exists':
      return actual !== 'no_stream';
    default:
      return actual === expected;
  }
}

/**
 * What an empty append reports, since nothing is appended: the stream's last revision (-1 when
 * there is no stream) and the position of its last event (0 when there is none), so the result
 * still tells a caller how far to wait for read models.
 */
export function resultOfHead(head: StreamHead): AppendResult {
  return head === null
    ? { nextExpectedRevision: -1, position: 0 }
    : { nextExpectedRevision: head.revision, position: head.position };
}

/**
 * The result of the earlier append of this very batch, or null when none of its ids is recorded.
 * A retried command or a redelivered message appends the same ids again; that must neither fail
 * nor duplicate, whatever revision the retry expects. Ids recorded anywhere else (another stream,
 * another order, only some of them) cannot come from a retry, so they are refused.
 */
export function priorAppendOf(
  streamId: string,
  ids: readonly string[],
  placeOf: (id: string) => RecordedPlace | undefined,
): AppendResult | null {
  const places = ids.map(placeOf);
  if (places.every((place) => place === undefined)) return null;
  const first = places[0];
  const isSameBatch =
    first !== undefined &&
    places.every(
      (place, index) => place !== undefined && place.streamId === streamId && place.revision === first.revision + index,
    );
  const last = places.at(-1);
  if (!isSameBatch || last === undefined) {
    throw new Error(
      `Stream ${streamId}: some of the event ids ${ids.join(', ')} are already recorded ` +
        'elsewhere or in another order; an append may only repeat a whole earlier batch',
    );
  }
  return { nextExpectedRevision: last.revision, position: last.position };
}

/**
 * Parking (dead letter): an event or message a background worker could not handle is set aside
 * here with the reason, so the worker goes on with the next one and nothing is dropped. Parked
 * items live in the service's own store, one stream per item (`parked-<id>`), so they survive
 * restarts and work with either store adapter. An operator lists them and asks for a replay
 * (`npm run parked`); the running service replays them with the worker that parked them.
 */
import { z } from 'zod';
import { categoryOf, type EventStore, type RecordedEvent } from '../event-store/port.js';
import { newId, uuidV5 } from '../ids.js';
import type { Logger } from '../log/logger.js';
import { describeError, sleepUnlessAborted } from '../retry.js';

export const PARKED_CATEGORY = 'parked';

/** Events read from the store at a time while following it. */
const READ_BATCH = 1000;

/** What was parked: an event of the service's own store, or a message from the bus. */
const parkedSubjectSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('event'),
    eventId: z.string(),
    streamId: z.string(),
    revision: z.number().int(),
    position: z.number().int(),
    type: z.string(),
  }),
  z.object({
    kind: z.literal('message'),
    subject: z.string(),
    msgId: z.string(),
    /** The message body as text (integration events are JSON). */
    body: z.string(),
  }),
]);
export type ParkedSubject = z.infer<typeof parkedSubjectSchema>;

const parkingEventSchemas = {
  'parking.Parked': z.object({
    /** The worker that parked it and replays it: `billing/reactions`. */
    worker: z.string(),
    /** Within the worker, what failed: a reaction's name. */
    handler: z.string().nullable(),
    reason: z.string(),
    attempts: z.number().int(),
    parkedAt: z.string(),
    subject: parkedSubjectSchema,
  }),
  'parking.ReplayRequested': z.object({ requestedAt: z.string() }),
  'parking.Replayed': z.object({ replayedAt: z.string() }),
  'parking.ReplayFailed': z.object({ reason: z.string(), failedAt: z.string() }),
};
type ParkingEventType = keyof typeof parkingEventSchemas;

export type ParkedStatus = 'parked' | 'replay-requested' | 'replayed';

export interface ParkedItem {
  id: string;
  worker: string;
  handler: string | null;
  /** Why it was parked, or why its last replay failed. */
  reason: string;
  attempts: number;
  parkedAt: string;
  subject: ParkedSubject;
  status: ParkedStatus;
}

export interface Parking {
  worker: string;
  handler?: string;
  reason: string;
  attempts: number;
  subject: ParkedSubject;
}

/** Re-runs a parked item's work once; throws when it fails again. */
export type Replayer = (item: ParkedItem) => Promise<void>;

/** The parked items of one worker, as the worker sees them. */
export interface ParkingSpace {
  park(parking: Omit<Parking, 'worker'>): Promise<void>;
  /** Items parked and not yet replayed. */
  count(): number;
}

/** The items as the parking events tell them, folded in store order. */
export function foldParking(items: Map<string, ParkedItem>, event: RecordedEvent): void {
  const id = event.streamId.slice(PARKED_CATEGORY.length + 1);
  const schema = parkingEventSchemas[event.type as ParkingEventType];
  if (!schema) return;
  const parsed = schema.safeParse(event.data);
  if (!parsed.success) return;
  const item = items.get(id);
  switch (event.type as ParkingEventType) {
    case 'parking.Parked': {
      const data = parsed.data as z.infer<(typeof parkingEventSchemas)['parking.Parked']>;
      items.set(id, { id, ...data, status: 'parked' });
      return;
    }
    case 'parking.ReplayRequested':
      if (item && item.status !== 'replayed') item.status = 'replay-requested';
      return;
    case 'parking.Replayed':
      if (item) item.status = 'replayed';
      return;
    case 'parking.ReplayFailed':
      if (item) {
        item.status = 'parked';
        item.reason = (parsed.data as { reason: string }).reason;
      }
      return;
  }
}

export class UnknownParkedItemError extends Error {
  constructor(id: string) {
    super(`No parked item ${id}`);
    this.name = 'UnknownParkedItemError';
  }
}

/**
 * One service's parking lot. `start()` follows the parked streams (polling, so a replay request
 * written by the operator's script from another process is seen too) and runs each requested
 * replay with the worker's replayer.
 */
export class ParkingLot {
  private readonly items = new Map<string, ParkedItem>();
  private readonly replayers = new Map<string, Replayer>();
  private readonly stopping = new AbortController();
  private position = 0;
  private following: Promise<void> | null = null;
  private reading: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: EventStore,
    private readonly logger: Logger,
    private readonly options: { now?: () => Date; pollIntervalMs?: number } = {},
  ) {}

  /** The parking space of one worker, which replays its items with `replayer`. */
  space(worker: string, replayer: Replayer): ParkingSpace {
    this.replayers.set(worker, replayer);
    return {
      park: async (parking) => {
        await this.park({ ...parking, worker });
      },
      count: () =>
        [...this.items.values()].filter((item) => item.worker === worker && item.status !== 'replayed').length,
    };
  }

  async park(parking: Parking): Promise<string> {
    const key = parking.subject.kind === 'event' ? parking.subject.eventId : parking.subject.msgId;
    const id = uuidV5(`parked/${parking.worker}/${parking.handler ?? ''}/${key}`);
    const data = {
      worker: parking.worker,
      handler: parking.handler ?? null,
      reason: parking.reason,
      attempts: parking.attempts,
      parkedAt: this.now(),
      subject: parking.subject,
    };
    // The same item parked again (a crash before the worker moved on) repeats this very append:
    // the store recognises the id and records nothing new.
    await this.append(id, 'parking.Parked', data, uuidV5(`${id}/parked`), 'no_stream');
    await this.refresh();
    return id;
  }

  /** Every item ever parked, with its status. */
  async list(): Promise<ParkedItem[]> {
    await this.refresh();
    return [...this.items.values()];
  }

  /** Asks for a replay; the running service performs it (at once, or when it next starts). */
  async requestReplay(id: string): Promise<ParkedItem> {
    await this.refresh();
    const item = this.items.get(id);
    if (!item) throw new UnknownParkedItemError(id);
    if (item.status === 'replayed') throw new Error(`Parked item ${id} was already replayed`);
    await this.append(id, 'parking.ReplayRequested', { requestedAt: this.now() });
    await this.refresh();
    return item;
  }

  /** Follows replay requests until stopped. */
  start(): void {
    this.following ??= this.follow();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.following;
  }

  private async follow(): Promise<void> {
    const pollIntervalMs = this.options.pollIntervalMs ?? 1000;
    while (!this.stopping.signal.aborted) {
      try {
        await this.refresh();
        for (const item of this.items.values()) {
          if (item.status === 'replay-requested' && !this.stopping.signal.aborted) await this.replay(item);
        }
      } catch (error) {
        this.logger.warn('parking lot could not read its items, will try again', { error });
      }
      await sleepUnlessAborted(pollIntervalMs, this.stopping.signal);
    }
  }

  private async replay(item: ParkedItem): Promise<void> {
    const replayer = this.replayers.get(item.worker);
    if (!replayer) return; // Another process of this service owns that worker.
    try {
      await replayer(item);
      await this.append(item.id, 'parking.Replayed', { replayedAt: this.now() });
      this.logger.info('replayed a parked item', { id: item.id, worker: item.worker });
    } catch (error) {
      await this.append(item.id, 'parking.ReplayFailed', { reason: describeError(error), failedAt: this.now() });
      this.logger.warn('replay of a parked item failed; it stays parked', { id: item.id, error });
    }
    await this.refresh();
  }

  /** Reads the parking events recorded since the last read, one read at a time so they fold in order. */
  private refresh(): Promise<void> {
    const next = this.reading.catch(() => undefined).then(() => this.readNew());
    this.reading = next;
    return next;
  }

  /**
   * Reads every event after the last one read, not only parking events: a category filter would
   * scan the store from the last parking event on every poll, while this reads each event once.
   */
  private async readNew(): Promise<void> {
    for (;;) {
      const events = await this.store.readAll({ after: this.position, maxCount: READ_BATCH });
      for (const event of events) {
        if (categoryOf(event.streamId) === PARKED_CATEGORY) foldParking(this.items, event);
        this.position = event.position;
      }
      if (events.length < READ_BATCH) return;
    }
  }

  private async append(
    id: string,
    type: ParkingEventType,
    data: unknown,
    eventId = newId(),
    expectedRevision: 'no_stream' | 'any' = 'any',
  ): Promise<void> {
    const occurredAt = this.now();
    await this.store.appendToStream(
      `${PARKED_CATEGORY}-${id}`,
      [
        {
          id: eventId,
          type,
          version: 1,
          data,
          metadata: { tenantId: null, correlationId: id, causationId: null, occurredAt },
        },
      ],
      { expectedRevision },
    );
  }

  private now(): string {
    return (this.options.now?.() ?? new Date()).toISOString();
  }
}

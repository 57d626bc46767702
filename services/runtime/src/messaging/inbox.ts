import { UnknownEventError, type EventEnvelope, type EventRegistry } from '@brandloom/proto-events';
import { STALL_AFTER_MS, withStall, type BackgroundWork, type WorkReport } from '../background/work.js';
import type { Bus, BusMessage, Consumer } from '../bus/port.js';
import type { EventStore } from '../event-store/port.js';
import type { Logger } from '../log/logger.js';
import type { ParkedItem, ParkingLot, ParkingSpace } from '../parking/parking-lot.js';
import { backoffDelayMs, describeError, hasRetriedLongEnough, sleepUnlessAborted, type RetryPolicy } from '../retry.js';

export interface InboxOptions {
  store: EventStore;
  bus: Bus;
  registry: EventRegistry;
  /** `billing-inbox`: one durable consumer per (service, purpose). */
  durable: string;
  subjects: readonly string[];
  logger: Logger;
  /** Where messages that cannot be taken in are set aside. */
  parking: ParkingLot;
  /** `billing/inbox`: the name in reports and on parked items. */
  name: string;
  ackWaitMs?: number;
  retry?: RetryPolicy;
  /** After this long on one message the inbox reports itself stalled (STALL_AFTER_MS). */
  stallAfterMs?: number;
}

/** The category of the inbox copies: each copy is its own stream, `inbox-<event id>`. */
export const INBOX_CATEGORY = 'inbox';
export const inboxStreamOf = (eventId: string): string => `${INBOX_CATEGORY}-${eventId}`;

/** A store outage of up to an hour is ridden out before a message is parked. */
export const INBOX_RETRY: RetryPolicy = { firstDelayMs: 1000, maxDelayMs: 60_000, giveUpAfterMs: 60 * 60_000 };

/**
 * Short, because a consumer allows one message in flight: after a crash the message the dead
 * process held blocks its consumer until the ack wait lapses (JetStream's default is 30 s). An
 * inbox append takes milliseconds, and a redelivery while a slow append still runs is harmless.
 */
export const INBOX_ACK_WAIT_MS = 5000;

/** How a lost bus consumer is taken up again: forever, up to 30 s apart. */
const RECONSUME: RetryPolicy = { firstDelayMs: 500, maxDelayMs: 30_000, giveUpAfterMs: Infinity };

const decoder = new TextDecoder();

/** Why a message can never be taken in as it is; retrying it would not help. */
class Unacceptable extends Error {}

/**
 * Copies foreign events into the service's own store before acknowledging them, so everything
 * the service knows is a function of its own store. Each copy is a stream of its own named after
 * the event id and appended only if there is no such stream, so a redelivered message is
 * recognised by either store adapter as the same append and recorded once.
 *
 * Nothing is dropped: a store failure is retried with backoff (nak with a delay) for at least an
 * hour, then the message is parked; a message that is not a valid event, or is of a version newer
 * than this service knows, is parked at once with the reason, to be replayed after a fix or an
 * upgrade.
 */
export class Inbox implements BackgroundWork {
  private status: WorkReport = { name: '', status: 'starting' };
  private consumer: Consumer | null = null;
  private readonly stopping = new AbortController();
  /** The message being handled, and since when. */
  private busy: { since: number; what: string } | null = null;
  private readonly parked: ParkingSpace;
  private readonly retry: RetryPolicy;

  private constructor(private readonly options: InboxOptions) {
    this.status = { name: options.name, status: 'starting' };
    this.retry = options.retry ?? INBOX_RETRY;
    this.parked = options.parking.space(options.name, (item) => this.replay(item));
  }

  static async start(options: InboxOptions): Promise<Inbox> {
    const inbox = new Inbox(options);
    await inbox.consume();
    return inbox;
  }

  report(): WorkReport {
    const report = { ...this.status, parked: this.parked.count() };
    return withStall(report, this.busy, this.options.stallAfterMs ?? STALL_AFTER_MS);
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.consumer?.stop();
    this.status = { name: this.options.name, status: 'stopped' };
  }

  private async consume(): Promise<void> {
    const { bus, durable, subjects, ackWaitMs } = this.options;
    const consumer = await bus.consume(
      {
        durable,
        subjects,
        // The inbox decides when to give up (it parks); the bus must never drop a message.
        maxDeliver: Infinity,
        ackWaitMs: ackWaitMs ?? INBOX_ACK_WAIT_MS,
      },
      (message) => this.handle(message),
    );
    this.consumer = consumer;
    this.status = { name: this.options.name, status: 'running' };
    void consumer.failed.then((reason) => this.consumeAgain(reason));
  }

  /** The bus lost the consumer: say so, and consume again with backoff until it works. */
  private async consumeAgain(reason: unknown): Promise<void> {
    for (let failures = 1; !this.stopping.signal.aborted; failures++) {
      const delayMs = backoffDelayMs(RECONSUME, failures);
      this.status = {
        name: this.options.name,
        status: 'retrying',
        detail: `the bus consumer stopped (${describeError(reason)}); consuming again in ${Math.round(delayMs)} ms`,
      };
      this.options.logger.error('inbox consumer stopped; consuming again', { failures, error: reason });
      await sleepUnlessAborted(delayMs, this.stopping.signal);
      if (this.stopping.signal.aborted) return;
      try {
        await this.consumer?.stop();
        await this.consume();
        return;
      } catch (error) {
        reason = error;
      }
    }
  }

  private async handle(message: BusMessage): Promise<void> {
    this.busy = { since: Date.now(), what: `message ${message.msgId} (${message.subject})` };
    try {
      await this.handleOne(message);
    } finally {
      this.busy = null;
    }
  }

  private async handleOne(message: BusMessage): Promise<void> {
    const { logger } = this.options;
    const body = decoder.decode(message.data);
    try {
      await this.takeIn(body);
      await message.ack();
      this.status = { name: this.options.name, status: 'running' };
    } catch (error) {
      const failures = message.deliveryCount;
      if (error instanceof Unacceptable || hasRetriedLongEnough(this.retry, failures)) {
        await this.park(message, body, error, failures);
        return;
      }
      const delayMs = backoffDelayMs(this.retry, failures);
      this.status = {
        name: this.options.name,
        status: 'retrying',
        detail: `message ${message.msgId} failed ${failures} time(s), next try in ${Math.round(delayMs)} ms: ${describeError(error)}`,
      };
      logger.warn('inbox append failed, will retry', { msgId: message.msgId, failures, delayMs, error });
      message.nak(delayMs);
    }
  }

  private async park(message: BusMessage, body: string, error: unknown, attempts: number): Promise<void> {
    const reason = describeError(error);
    try {
      await this.parked.park({
        reason,
        attempts,
        subject: { kind: 'message', subject: message.subject, msgId: message.msgId, body },
      });
      this.options.logger.error('parked an integration event', { msgId: message.msgId, reason });
      await message.ack();
    } catch (parkError) {
      // The store is down too: try the whole message again later.
      this.options.logger.warn('could not park a message, will retry', { msgId: message.msgId, error: parkError });
      message.nak(backoffDelayMs(this.retry, attempts));
    }
  }

  private async replay(item: ParkedItem): Promise<void> {
    if (item.subject.kind !== 'message') throw new Error(`the inbox cannot replay a parked ${item.subject.kind}`);
    await this.takeIn(item.subject.body);
  }

  private async takeIn(body: string): Promise<void> {
    const envelope = this.parse(body);
    await this.options.store.appendToStream(
      inboxStreamOf(envelope.id),
      [
        {
          id: envelope.id,
          type: envelope.type,
          version: envelope.version,
          data: envelope.data,
          metadata: {
            tenantId: envelope.tenantId,
            correlationId: envelope.correlationId,
            causationId: envelope.causationId,
            occurredAt: envelope.occurredAt,
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
  }

  /** The envelope upcast to the latest version this service knows, or why it cannot be had. */
  private parse(body: string): EventEnvelope {
    let raw: unknown;
    try {
      raw = JSON.parse(body);
    } catch (error) {
      throw new Unacceptable(`not JSON: ${describeError(error)}`);
    }
    try {
      return this.options.registry.parse(raw);
    } catch (error) {
      if (error instanceof UnknownEventError) {
        throw new Unacceptable(`${error.message}: newer than this service knows; replay after upgrading`);
      }
      throw new Unacceptable(`invalid event: ${describeError(error)}`);
    }
  }
}

/** Starts a service's inbox. */
export function startInbox(options: InboxOptions): Promise<Inbox> {
  return Inbox.start(options);
}

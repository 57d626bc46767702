/**
 * The in-process bus of the all-in-one mode. It mirrors the JetStream adapter's at-least-once
 * semantics (durable progress, explicit ack, ack wait, nak delay, max deliver, duplicate window)
 * so code that works against one works against the other. Messages live only as long as the
 * process; the log is never trimmed, as a new durable consumer starts from the first message.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  assertPublishable,
  consumerSettings,
  DEFAULT_DUPLICATE_WINDOW_MS,
  handOver,
  type ConsumerSettings,
} from './adapter-common.js';
import type { Bus, BusMessage, Consumer, ConsumerOptions, MessageHandler, PublishResult } from './port.js';
import { matchesAnyFilter } from './subject-filter.js';

export interface GivenUpMessage {
  durable: string;
  subject: string;
  msgId: string;
  deliveryCount: number;
}

export interface MemoryBusOptions {
  /** A message id seen again within this long is dropped as a duplicate. */
  duplicateWindowMs?: number;
  /** Told about each message a consumer stops redelivering after `maxDeliver` deliveries. */
  onGiveUp?: (message: GivenUpMessage) => void;
}

export class MemoryBus implements Bus {
  private readonly log = new MessageLog();
  private readonly duplicates: DuplicateWindow;
  private readonly onGiveUp: (message: GivenUpMessage) => void;
  /** Per durable name: where its consumer is, kept across stop() and a later consume(). */
  private readonly progressByDurable = new Map<string, DurableProgress>();
  private readonly activeConsumers = new Map<string, MemoryConsumer>();
  private closed = false;

  constructor(options: MemoryBusOptions = {}) {
    this.duplicates = new DuplicateWindow(options.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS);
    this.onGiveUp = options.onGiveUp ?? (() => {});
  }

  async publish(subject: string, data: Uint8Array, options: { msgId: string }): Promise<PublishResult> {
    this.assertOpen();
    assertPublishable(subject);
    if (!this.duplicates.admit(options.msgId)) return { duplicate: true };
    // Copied, as a network hop would: the publisher may reuse its buffer.
    this.log.append({ subject, msgId: options.msgId, data: data.slice() });
    return { duplicate: false };
  }

  async consume(options: ConsumerOptions, handler: MessageHandler): Promise<Consumer> {
    this.assertOpen();
    const settings = consumerSettings(options);
    // Sharing a durable between live consumers would break one-in-flight ordering here.
    if (this.activeConsumers.has(settings.durable)) {
      throw new Error(`durable '${settings.durable}' already has an active consumer`);
    }
    const consumer = new MemoryConsumer(this.log, settings, this.progressOf(settings.durable), handler, this.onGiveUp);
    this.activeConsumers.set(settings.durable, consumer);
    return {
      stop: async () => {
        await consumer.stop();
        this.activeConsumers.delete(settings.durable);
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.activeConsumers.values()].map((consumer) => consumer.stop()));
    this.activeConsumers.clear();
  }

  private progressOf(durable: string): DurableProgress {
    let progress = this.progressByDurable.get(durable);
    if (!progress) {
      progress = { position: 0, deliveries: 0, notBefore: 0 };
      this.progressByDurable.set(durable, progress);
    }
    return progress;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the bus is closed');
  }
}

interface LogEntry {
  subject: string;
  msgId: string;
  data: Uint8Array;
}

/** The append-only message log, with a way to wait for the next append. */
class MessageLog {
  private readonly entries: LogEntry[] = [];
  private readonly waiters = new Set<() => void>();

  append(entry: LogEntry): void {
    this.entries.push(entry);
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  at(position: number): LogEntry | undefined {
    return this.entries[position];
  }

  /** Resolves on the next append, or when `signal` aborts. */
  nextAppend(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        this.waiters.delete(wake);
        signal.removeEventListener('abort', wake);
        resolve();
      };
      this.waiters.add(wake);
      signal.addEventListener('abort', wake, { once: true });
    });
  }
}

/** Remembers accepted message ids for a while, like JetStream's duplicate window. */
class DuplicateWindow {
  /** Insertion order is acceptance order, so expired ids are always at the front. */
  private readonly acceptedAt = new Map<string, number>();

  constructor(private readonly windowMs: number) {}

  /** False for an id already accepted within the window; otherwise records it. */
  admit(msgId: string): boolean {
    const now = Date.now();
    this.forgetExpired(now);
    if (this.acceptedAt.has(msgId)) return false;
    this.acceptedAt.set(msgId, now);
    return true;
  }

  private forgetExpired(now: number): void {
    for (const [msgId, acceptedAt] of this.acceptedAt) {
      if (now - acceptedAt < this.windowMs) return;
      this.acceptedAt.delete(msgId);
    }
  }
}

/**
 * A durable consumer's state. With at most one message in flight, it is fully described by the
 * log position of the message being worked on and how often that message was delivered.
 */
interface DurableProgress {
  position: number;
  deliveries: number;
  /** The current message is not (re)delivered before this time (ack wait, nak delay). */
  notBefore: number;
}

type Outcome =
  | { kind: 'ack' }
  | { kind: 'term' }
  | { kind: 'nak'; delayMs: number }
  /** The ack wait elapsed, or the consumer stopped: the message stays due for redelivery. */
  | { kind: 'unsettled' };

/** Delivers a durable's matching messages to its handler, one at a time and in log order. */
class MemoryConsumer {
  private readonly stopping = new AbortController();
  private readonly running: Promise<void>;

  constructor(
    private readonly log: MessageLog,
    private readonly settings: ConsumerSettings,
    private readonly progress: DurableProgress,
    private readonly handler: MessageHandler,
    private readonly onGiveUp: (message: GivenUpMessage) => void,
  ) {
    this.running = this.run();
  }

  /** Waits for the handler of the message in flight, whose settlement still counts. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running;
  }

  private get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const entry = await this.nextMatchingEntry();
      if (!entry || !(await this.waitUntil(this.progress.notBefore))) return;
      if (this.progress.deliveries >= this.settings.maxDeliver) {
        this.giveUp(entry);
        continue;
      }
      this.record(await this.deliver(entry));
    }
  }

  /** The entry at the durable's position, skipping entries its filters do not match. */
  private async nextMatchingEntry(): Promise<LogEntry | undefined> {
    while (!this.stopped) {
      const entry = this.log.at(this.progress.position);
      if (!entry) {
        await this.log.nextAppend(this.stopping.signal);
      } else if (matchesAnyFilter(this.settings.subjects, entry.subject)) {
        return entry;
      } else {
        this.moveToNextEntry();
      }
    }
    return undefined;
  }

  /** False when the consumer stopped while waiting. */
  private async waitUntil(time: number): Promise<boolean> {
    const waitMs = time - Date.now();
    if (waitMs > 0) {
      await sleep(waitMs, undefined, { signal: this.stopping.signal, ref: false }).catch(() => {});
    }
    return !this.stopped;
  }

  private async deliver(entry: LogEntry): Promise<Outcome> {
    const { ackWaitMs } = this.settings;
    this.progress.deliveries += 1;
    this.progress.notBefore = Date.now() + ackWaitMs;
    const { message, outcome, settle } = createDelivery(entry, this.progress.deliveries);
    const handled = handOver(this.handler, message);
    const ackWait = setTimeout(() => settle({ kind: 'unsettled' }), ackWaitMs);
    ackWait.unref();
    const settleOnStop = () => void handled.then(() => settle({ kind: 'unsettled' }));
    this.stopping.signal.addEventListener('abort', settleOnStop, { once: true });

    const result = await outcome;
    clearTimeout(ackWait);
    this.stopping.signal.removeEventListener('abort', settleOnStop);
    // One at a time: a redelivery waits for the handler that let the ack wait lapse.
    await handled;
    return result;
  }

  private record(outcome: Outcome): void {
    if (outcome.kind === 'ack' || outcome.kind === 'term') {
      this.moveToNextEntry();
    } else if (outcome.kind === 'nak') {
      this.progress.notBefore = Date.now() + outcome.delayMs;
    }
    // An unsettled message is due again at the end of its ack wait, already in `notBefore`.
  }

  private giveUp(entry: LogEntry): void {
    const { durable } = this.settings;
    const { subject, msgId } = entry;
    try {
      this.onGiveUp({ durable, subject, msgId, deliveryCount: this.progress.deliveries });
    } catch {
      // A failing observer must not stall the consumer.
    }
    this.moveToNextEntry();
  }

  private moveToNextEntry(): void {
    this.progress.position += 1;
    this.progress.deliveries = 0;
    this.progress.notBefore = 0;
  }
}

/**
 * One delivery of a message. The first of ack, nak, term or the ack wait lapsing decides its
 * outcome; later calls are ignored, so a late ack does not stop the redelivery already due.
 */
function createDelivery(entry: LogEntry, deliveryCount: number) {
  let settle!: (outcome: Outcome) => void;
  const outcome = new Promise<Outcome>((resolve) => {
    settle = resolve;
  });
  const message: BusMessage = {
    subject: entry.subject,
    msgId: entry.msgId,
    data: entry.data,
    deliveryCount,
    ack: async () => settle({ kind: 'ack' }),
    nak: (delayMs = 0) => settle({ kind: 'nak', delayMs }),
    term: () => settle({ kind: 'term' }),
  };
  return { message, outcome, settle };
}

/**
 * The bus of the all-in-one mode: a durable local queue in one sqlite file (`bus.db` under
 * DATA_DIR). It gives what JetStream gives, so a crash loses nothing either way: a published
 * message is on disk before `publish` resolves (WAL, synchronous=FULL), a message id is accepted
 * once for good, and each durable consumer's progress is on disk. Delivery is at least once, one
 * message in flight per consumer, with explicit ack, nak (with delay), term, ack wait and max
 * deliver. ':memory:' gives a bus that lives as long as the process, for tests.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { assertPublishable, consumerSettings, handOver, type ConsumerSettings } from './adapter-common.js';
import type { Bus, BusMessage, Consumer, ConsumerOptions, MessageHandler, PublishResult } from './port.js';
import { matchesAnyFilter } from './subject-filter.js';

export interface GivenUpMessage {
  durable: string;
  subject: string;
  msgId: string;
  deliveryCount: number;
}

export interface SqliteBusOptions {
  /** The bus file, or ':memory:'. */
  file: string;
  /** Told about each message a consumer stops redelivering after `maxDeliver` deliveries. */
  onGiveUp?: (message: GivenUpMessage) => void;
  /**
   * How often an idle consumer looks for new messages. Publishes in this process wake consumers
   * at once; the poll is for another process publishing to the same file.
   */
  pollIntervalMs?: number;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS messages (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    subject TEXT NOT NULL,
    msg_id TEXT NOT NULL UNIQUE,
    data BLOB NOT NULL
  );
  CREATE TABLE IF NOT EXISTS consumers (
    durable TEXT PRIMARY KEY,
    position INTEGER NOT NULL,
    deliveries INTEGER NOT NULL,
    not_before INTEGER NOT NULL
  );
`;

/** How many messages a consumer reads from the file at a time. */
const READ_BATCH = 256;
/**
 * Acks are saved at most this often: a crash then redelivers the last few acknowledged messages,
 * which at-least-once allows (consumers drop repeats), and a busy consumer writes a fraction of
 * the fsyncs it would otherwise.
 */
const ACK_SAVE_INTERVAL_MS = 100;
const BUSY_TIMEOUT_MS = 5000;

export function openSqliteBus(options: SqliteBusOptions): SqliteBus {
  return new SqliteBus(options);
}

export class SqliteBus implements Bus {
  private readonly db: Database.Database;
  private readonly log: MessageLog;
  private readonly progress: ProgressTable;
  private readonly onGiveUp: (message: GivenUpMessage) => void;
  private readonly activeConsumers = new Map<string, SqliteConsumer>();
  private closed = false;

  constructor(options: SqliteBusOptions) {
    this.db = new Database(options.file);
    this.db.pragma('journal_mode = WAL');
    // FULL: an accepted message or a settled ack survives a power cut, not only a crash.
    this.db.pragma('synchronous = FULL');
    this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    this.db.exec(SCHEMA);
    this.log = new MessageLog(this.db, options.pollIntervalMs ?? 250);
    this.progress = new ProgressTable(this.db);
    this.onGiveUp = options.onGiveUp ?? (() => {});
  }

  async publish(subject: string, data: Uint8Array, options: { msgId: string }): Promise<PublishResult> {
    this.assertOpen();
    assertPublishable(subject);
    return { duplicate: !this.log.append({ subject, msgId: options.msgId, data }) };
  }

  async consume(options: ConsumerOptions, handler: MessageHandler): Promise<Consumer> {
    this.assertOpen();
    const settings = consumerSettings(options);
    // Sharing a durable between live consumers would break one-in-flight ordering.
    if (this.activeConsumers.has(settings.durable)) {
      throw new Error(`durable '${settings.durable}' already has an active consumer`);
    }
    const consumer = new SqliteConsumer(this.log, this.progress, settings, handler, this.onGiveUp);
    this.activeConsumers.set(settings.durable, consumer);
    return {
      failed: consumer.failed,
      stop: async () => {
        await consumer.stop();
        this.activeConsumers.delete(settings.durable);
      },
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.activeConsumers.values()].map((consumer) => consumer.stop()));
    this.activeConsumers.clear();
    this.db.close();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the bus is closed');
  }
}

interface LogEntry {
  seq: number;
  subject: string;
  msgId: string;
  data: Uint8Array;
}

/** The append-only message table, with a way to wait for the next append. */
class MessageLog {
  private readonly insert: Database.Statement<[string, string, Buffer]>;
  private readonly readAfter: Database.Statement<
    [number, number],
    { seq: number; subject: string; msg_id: string; data: Buffer }
  >;
  private readonly waiters = new Set<() => void>();

  constructor(
    db: Database.Database,
    private readonly pollIntervalMs: number,
  ) {
    this.insert = db.prepare(
      'INSERT INTO messages (subject, msg_id, data) VALUES (?, ?, ?) ON CONFLICT (msg_id) DO NOTHING',
    );
    this.readAfter = db.prepare('SELECT seq, subject, msg_id, data FROM messages WHERE seq > ? ORDER BY seq LIMIT ?');
  }

  /** False when the message id was accepted before (the message is dropped). */
  append(entry: Omit<LogEntry, 'seq'>): boolean {
    const accepted = this.insert.run(entry.subject, entry.msgId, Buffer.from(entry.data)).changes > 0;
    if (accepted) {
      for (const wake of this.waiters) wake();
      this.waiters.clear();
    }
    return accepted;
  }

  after(seq: number): LogEntry[] {
    return this.readAfter.all(seq, READ_BATCH).map((row) => ({
      seq: row.seq,
      subject: row.subject,
      msgId: row.msg_id,
      data: new Uint8Array(row.data),
    }));
  }

  /** Resolves on the next append in this process, after the poll interval, or when `signal` aborts. */
  nextAppend(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(poll);
        this.waiters.delete(wake);
        signal.removeEventListener('abort', wake);
        resolve();
      };
      const poll = setTimeout(wake, this.pollIntervalMs);
      poll.unref();
      this.waiters.add(wake);
      signal.addEventListener('abort', wake, { once: true });
    });
  }
}

/**
 * A durable consumer's state. With at most one message in flight, it is fully described by the
 * sequence of the last message it is done with, and how often the next one was delivered.
 */
interface DurableProgress {
  position: number;
  deliveries: number;
  /** The current message is not (re)delivered before this time (ack wait, nak delay). */
  notBefore: number;
}

class ProgressTable {
  private readonly select: Database.Statement<[string], { position: number; deliveries: number; not_before: number }>;
  private readonly upsert: Database.Statement<[string, number, number, number]>;

  constructor(db: Database.Database) {
    this.select = db.prepare('SELECT position, deliveries, not_before FROM consumers WHERE durable = ?');
    this.upsert = db.prepare(
      `INSERT INTO consumers (durable, position, deliveries, not_before) VALUES (?, ?, ?, ?)
       ON CONFLICT (durable) DO UPDATE SET position = excluded.position, deliveries = excluded.deliveries,
         not_before = excluded.not_before`,
    );
  }

  load(durable: string): DurableProgress {
    const row = this.select.get(durable);
    return row
      ? { position: row.position, deliveries: row.deliveries, notBefore: row.not_before }
      : { position: 0, deliveries: 0, notBefore: 0 };
  }

  save(durable: string, progress: DurableProgress): void {
    this.upsert.run(durable, progress.position, progress.deliveries, progress.notBefore);
  }
}

type Outcome =
  | { kind: 'ack' }
  | { kind: 'term' }
  | { kind: 'nak'; delayMs: number }
  /** The ack wait elapsed, or the consumer stopped: the message stays due for redelivery. */
  | { kind: 'unsettled' };

/**
 * Delivers a durable's matching messages to its handler, one at a time and in log order. Its
 * progress is saved whenever a message is settled or left unsettled; a delivery alone is not
 * saved, so after a crash the message in flight comes again with a count that forgot the crash.
 */
class SqliteConsumer {
  private readonly stopping = new AbortController();
  private running!: Promise<void>;
  private readonly progress: DurableProgress;
  /** Messages read ahead from the file, all after `progress.position`. */
  private buffer: LogEntry[] = [];
  private lastSavedAt = 0;
  private pendingSave: NodeJS.Timeout | null = null;

  constructor(
    private readonly log: MessageLog,
    private readonly table: ProgressTable,
    private readonly settings: ConsumerSettings,
    private readonly handler: MessageHandler,
    private readonly onGiveUp: (message: GivenUpMessage) => void,
  ) {
    this.progress = table.load(settings.durable);
    this.failed = new Promise((resolve) => {
      // A file that cannot be read (or written) ends the consumer; its owner is told.
      this.running = this.run().catch((error: unknown) => {
        this.activeFailure = error;
        resolve(error);
      });
    });
  }

  /** Resolves with the failure that ended the consumer; pending while it works. */
  readonly failed: Promise<unknown>;
  private activeFailure: unknown = undefined;

  /** Waits for the handler of the message in flight, whose settlement still counts. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running;
    if (this.pendingSave && this.activeFailure === undefined) this.save();
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
      this.record(entry, await this.deliver(entry));
    }
  }

  /** The first entry after the durable's position that its filters match. */
  private async nextMatchingEntry(): Promise<LogEntry | undefined> {
    while (!this.stopped) {
      if (this.buffer.length === 0) this.buffer = this.log.after(this.progress.position);
      const entry = this.buffer[0];
      if (!entry) {
        await this.log.nextAppend(this.stopping.signal);
      } else if (matchesAnyFilter(this.settings.subjects, entry.subject)) {
        return entry;
      } else {
        // Skipping is not saved on its own: after a crash the skipped entries are skipped again.
        this.movePast(entry);
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

  private record(entry: LogEntry, outcome: Outcome): void {
    if (outcome.kind === 'ack' || outcome.kind === 'term') {
      this.movePast(entry);
      this.saveSoon();
      return;
    }
    if (outcome.kind === 'nak') this.progress.notBefore = Date.now() + outcome.delayMs;
    // An unsettled message is due again at the end of its ack wait, already in `notBefore`.
    this.save();
  }

  private save(): void {
    if (this.pendingSave) clearTimeout(this.pendingSave);
    this.pendingSave = null;
    this.lastSavedAt = Date.now();
    this.table.save(this.settings.durable, this.progress);
  }

  /** Saves now if the last save is old enough, otherwise once it is. */
  private saveSoon(): void {
    const dueInMs = this.lastSavedAt + ACK_SAVE_INTERVAL_MS - Date.now();
    if (dueInMs <= 0) this.save();
    else this.pendingSave ??= setTimeout(() => this.save(), dueInMs);
  }

  private giveUp(entry: LogEntry): void {
    const { durable } = this.settings;
    const { subject, msgId } = entry;
    try {
      this.onGiveUp({ durable, subject, msgId, deliveryCount: this.progress.deliveries });
    } catch {
      // A failing observer must not stall the consumer.
    }
    this.movePast(entry);
    this.save();
  }

  private movePast(entry: LogEntry): void {
    this.buffer.shift();
    this.progress.position = entry.seq;
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

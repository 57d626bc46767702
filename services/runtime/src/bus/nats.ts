/**
 * The bus over NATS JetStream: one file-backed stream `EVENTS` over `events.>`, one durable pull
 * consumer per ConsumerOptions.durable.
 */
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  PubHeaders,
  RetentionPolicy,
  StorageType,
  jetstream,
  jetstreamManager,
  type ConsumerMessages,
  type ConsumerUpdateConfig,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type StreamConfig,
} from '@nats-io/jetstream';
import { setTimeout as sleep } from 'node:timers/promises';
import { nanos, type NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { EVENTS_STREAM, EVENTS_SUBJECTS } from '@brandloom/proto-events';
import {
  assertPublishable,
  consumerSettings,
  DEFAULT_DUPLICATE_WINDOW_MS,
  handOver,
  type ConsumerSettings,
} from './adapter-common.js';
import type { Bus, BusMessage, Consumer, ConsumerOptions, MessageHandler, PublishResult } from './port.js';
import { matchesAnyFilter, narrowestCommonFilter } from './subject-filter.js';

/** How long close() waits for a clean drain before it closes the connection outright. */
const CLOSE_GRACE_MS = 3000;

export interface NatsBusOptions {
  /** One or more server URLs, comma-separated: `nats://127.0.0.1:4222`. */
  servers: string;
  /** Connection name, shown in the server's monitoring: the service's name. */
  name: string;
  /** The stream's duplicate window; JetStream's default of 2 minutes when omitted. */
  duplicateWindowMs?: number;
  /** Told when a consumer's message iteration fails; defaults to console.error. */
  onConsumerError?: (error: unknown, durable: string) => void;
}

export async function connectNatsBus(options: NatsBusOptions): Promise<Bus> {
  const connection = await connect({
    servers: options.servers.split(',').map((server) => server.trim()),
    name: options.name,
    // A service outlives server restarts: keep reconnecting rather than giving up.
    maxReconnectAttempts: -1,
  });
  try {
    const manager = await jetstreamManager(connection);
    await ensureEventsStream(manager, options.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS);
    const onConsumerError = options.onConsumerError ?? logConsumerError;
    return new NatsBus(connection, manager, jetstream(connection), onConsumerError);
  } catch (error) {
    await connection.close();
    throw error;
  }
}

/** Creates the stream, or brings an existing one's subjects and duplicate window in line. */
async function ensureEventsStream(manager: JetStreamManager, duplicateWindowMs: number): Promise<void> {
  const wanted = { subjects: [EVENTS_SUBJECTS], duplicate_window: nanos(duplicateWindowMs) };
  const existing = await streamConfig(manager, EVENTS_STREAM);
  if (!existing) {
    await manager.streams.add({
      name: EVENTS_STREAM,
      ...wanted,
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
    });
  } else if (
    existing.duplicate_window !== wanted.duplicate_window ||
    existing.subjects.join() !== wanted.subjects.join()
  ) {
    await manager.streams.update(EVENTS_STREAM, wanted);
  }
}

async function streamConfig(manager: JetStreamManager, stream: string): Promise<StreamConfig | undefined> {
  try {
    return (await manager.streams.info(stream)).config;
  } catch (error) {
    if (isApiError(error, JetStreamApiCodes.StreamNotFound)) return undefined;
    throw error;
  }
}

function logConsumerError(error: unknown, durable: string): void {
  console.error(`bus consumer '${durable}' stopped receiving messages`, error);
}

function isApiError(error: unknown, code: number): boolean {
  return error instanceof JetStreamApiError && error.code === code;
}

class NatsBus implements Bus {
  private readonly consumers = new Set<Consumer>();

  constructor(
    private readonly connection: NatsConnection,
    private readonly manager: JetStreamManager,
    private readonly js: JetStreamClient,
    private readonly onConsumerError: (error: unknown, durable: string) => void,
  ) {}

  async publish(subject: string, data: Uint8Array, options: { msgId: string }): Promise<PublishResult> {
    assertPublishable(subject);
    const ack = await this.js.publish(subject, data, { msgID: options.msgId });
    return { duplicate: ack.duplicate };
  }

  async consume(options: ConsumerOptions, handler: MessageHandler): Promise<Consumer> {
    const settings = consumerSettings(options);
    await this.ensureDurableConsumer(settings);
    const pullConsumer = await this.js.consumers.get(EVENTS_STREAM, settings.durable);
    const messages = await pullConsumer.consume();
    let stopping = false;
    let fail!: (reason: unknown) => void;
    const failed = new Promise<unknown>((resolve) => (fail = resolve));
    const handling = this.handleAll(messages, settings, handler).then(
      () => {
        if (!stopping) fail(new Error(`consumer '${settings.durable}' stopped receiving messages`));
      },
      (error: unknown) => {
        this.onConsumerError(error, settings.durable);
        fail(error);
      },
    );
    const consumer: Consumer = {
      failed,
      stop: async () => {
        stopping = true;
        this.consumers.delete(consumer);
        await messages.close();
        await handling;
      },
    };
    this.consumers.add(consumer);
    return consumer;
  }

  /**
   * Stops the consumers and drains the connection. With the server gone a drain would wait for a
   * reconnection that never comes, so after CLOSE_GRACE_MS the connection is simply closed:
   * unacknowledged messages are redelivered to the next consumer anyway.
   */
  async close(): Promise<void> {
    if (this.connection.isClosed()) return;
    const graceful = (async () => {
      await Promise.all([...this.consumers].map((consumer) => consumer.stop()));
      await this.connection.drain();
    })();
    const inTime = await Promise.race([graceful.then(() => true), sleep(CLOSE_GRACE_MS, false, { ref: false })]);
    if (!inTime) await this.connection.close();
  }

  /** Creates the durable consumer, or updates the settings JetStream lets change. */
  private async ensureDurableConsumer(settings: ConsumerSettings): Promise<void> {
    const updatable = this.updatableConsumerConfig(settings);
    const exists = await this.manager.consumers
      .info(EVENTS_STREAM, settings.durable)
      .then(() => true)
      .catch((error: unknown) => {
        if (isApiError(error, JetStreamApiCodes.ConsumerNotFound)) return false;
        throw error;
      });
    if (exists) {
      await this.manager.consumers.update(EVENTS_STREAM, settings.durable, updatable);
    } else {
      await this.manager.consumers.add(EVENTS_STREAM, {
        durable_name: settings.durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ...updatable,
      });
    }
  }

  private updatableConsumerConfig(settings: ConsumerSettings): Partial<ConsumerUpdateConfig> {
    return {
      ack_wait: nanos(settings.ackWaitMs),
      // JetStream spells "never give up" -1.
      max_deliver: Number.isFinite(settings.maxDeliver) ? settings.maxDeliver : -1,
      // One unacknowledged message at a time: delivery (and redelivery) stays in publish order.
      max_ack_pending: 1,
      ...this.subjectFilter(settings.subjects),
    };
  }

  /**
   * Several filters on one consumer (`filter_subjects`) need nats-server 2.10. On older servers
   * the consumer filters on the narrowest filter covering them all and `handleAll` skips (acks)
   * the messages none of them match: still one consumer, so one-at-a-time order holds, at the
   * price of reading past unrelated events. The unused field is cleared so updates switch cleanly.
   */
  private subjectFilter(subjects: readonly string[]): Partial<ConsumerUpdateConfig> {
    if (subjects.length > 1 && this.serverSupportsMultipleFilters()) {
      return { filter_subjects: [...subjects], filter_subject: undefined };
    }
    return { filter_subject: narrowestCommonFilter(subjects), filter_subjects: undefined };
  }

  private serverSupportsMultipleFilters(): boolean {
    const [major = 0, minor = 0] = (this.connection.info?.version ?? '0.0').split('.').map(Number);
    return major > 2 || (major === 2 && minor >= 10);
  }

  private async handleAll(
    messages: ConsumerMessages,
    settings: ConsumerSettings,
    handler: MessageHandler,
  ): Promise<void> {
    for await (const jsMsg of messages) {
      if (matchesAnyFilter(settings.subjects, jsMsg.subject)) {
        await handOver(handler, toBusMessage(jsMsg));
      } else {
        jsMsg.ack();
      }
    }
  }
}

function toBusMessage(jsMsg: JsMsg): BusMessage {
  return {
    subject: jsMsg.subject,
    msgId: jsMsg.headers?.get(PubHeaders.MsgIdHdr) ?? '',
    data: jsMsg.data,
    deliveryCount: jsMsg.info.deliveryCount,
    ack: async () => {
      await jsMsg.ackAck();
    },
    nak: (delayMs) => jsMsg.nak(delayMs),
    term: () => jsMsg.term(),
  };
}

/**
 * The bus port: durable, at-least-once delivery of integration events between services.
 * Two adapters (a local sqlite file, NATS JetStream) pass one contract suite (`contract.ts`).
 */

export interface PublishResult {
  /** True when a message with the same id was already accepted (it was dropped). */
  duplicate: boolean;
}

export interface BusMessage {
  readonly subject: string;
  readonly msgId: string;
  readonly data: Uint8Array;
  /** 1 on first delivery. */
  readonly deliveryCount: number;
  ack(): Promise<void>;
  /** Ask for redelivery, after `delayMs` when given. */
  nak(delayMs?: number): void;
  /** Give up on this message: it is never delivered again to this consumer. */
  term(): void;
}

export interface ConsumerOptions {
  /** Durable name, one per (service, purpose): `billing-inbox`. Survives restarts. */
  durable: string;
  /** Subject filters, e.g. `events.identity.>`. */
  subjects: readonly string[];
  /** An unacknowledged message is delivered again after this long. */
  ackWaitMs?: number;
  /** After this many deliveries, a message is given up; `Infinity` never gives up. */
  maxDeliver?: number;
}

/**
 * Messages reach the handler one at a time, in publish order per subject. The handler settles
 * each message explicitly (ack, nak or term); one it leaves unsettled is redelivered after
 * `ackWaitMs`.
 */
export type MessageHandler = (message: BusMessage) => Promise<void>;

export interface Consumer {
  /**
   * Resolves with the reason if the consumer stops receiving messages on its own (the bus lost
   * it); stays pending while it works and after `stop()`.
   */
  readonly failed: Promise<unknown>;
  stop(): Promise<void>;
}

export interface Bus {
  publish(subject: string, data: Uint8Array, options: { msgId: string }): Promise<PublishResult>;
  consume(options: ConsumerOptions, handler: MessageHandler): Promise<Consumer>;
  close(): Promise<void>;
}

/**
 * What both adapters share, so they accept and reject the same things: consumer defaults and
 * validation, which subjects can be published on, and what a failing handler means.
 */
import { EVENTS_SUBJECTS } from '@brandloom/proto-events';
import type { BusMessage, ConsumerOptions, MessageHandler } from './port.js';
import { filterCovers, isLiteralSubject } from './subject-filter.js';

/** JetStream's default duplicate window (the stream setting). */
export const DEFAULT_DUPLICATE_WINDOW_MS = 2 * 60_000;

/** JetStream's own default ack wait. */
const DEFAULT_ACK_WAIT_MS = 30_000;

/**
 * JetStream's default is unlimited redelivery; a poison message would then block its consumer
 * forever (one message in flight at a time), so give up after ten attempts.
 */
const DEFAULT_MAX_DELIVER = 10;

export type ConsumerSettings = Required<ConsumerOptions>;

/** Fills in the defaults and rejects what JetStream would reject, so both adapters agree. */
export function consumerSettings(options: ConsumerOptions): ConsumerSettings {
  const settings = {
    durable: options.durable,
    subjects: options.subjects,
    ackWaitMs: options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS,
    maxDeliver: options.maxDeliver ?? DEFAULT_MAX_DELIVER,
  };
  if (!/^[^\s.*>/\\]+$/.test(settings.durable)) {
    throw new Error(`invalid durable name '${settings.durable}'`);
  }
  if (settings.subjects.length === 0) {
    throw new Error(`consumer '${settings.durable}' has no subject filter`);
  }
  const outside = settings.subjects.filter((subject) => !filterCovers(EVENTS_SUBJECTS, subject));
  if (outside.length > 0) {
    throw new Error(`subject filter ${outside.join(', ')} is outside '${EVENTS_SUBJECTS}'`);
  }
  if (settings.ackWaitMs <= 0 || settings.maxDeliver < 1) {
    throw new Error(`consumer '${settings.durable}' needs a positive ackWaitMs and maxDeliver`);
  }
  return settings;
}

/** A message must land in the events stream; JetStream would only answer "no responders". */
export function assertPublishable(subject: string): void {
  if (!isLiteralSubject(subject) || !filterCovers(EVENTS_SUBJECTS, subject)) {
    throw new Error(`no stream captures subject '${subject}': publish on '${EVENTS_SUBJECTS}'`);
  }
}

/** Runs the handler; one that throws (or rejects) has its message nak'ed for redelivery. */
export async function handOver(handler: MessageHandler, message: BusMessage): Promise<void> {
  try {
    await handler(message);
  } catch {
    message.nak();
  }
}

import { commandHandler, type EventStore, type Logger, type StoppableWork, type WorkReport } from '@brandloom/runtime';
import { billingCodec } from '../events.js';
import type { SubscriptionsReadModel } from '../read-models/subscriptions.js';
import { subscriptionDecider, subscriptionStream } from './subscription.js';

export interface ExpiryTimerOptions {
  store: EventStore;
  subscriptions: SubscriptionsReadModel;
  now: () => Date;
  logger: Logger;
  intervalMs: number;
}

/**
 * The durable timer that records a trial or a canceled period ending. Its due times live in the
 * subscriptions read model (rebuilt from the store), so a restart loses none: whatever fell due
 * while the service was down is recorded at the first tick. Recording twice is harmless: the
 * decider expires a plan only once.
 */
export class ExpiryTimer implements StoppableWork {
  private readonly subscriptions;
  private handle: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private lastProblem: string | null = null;

  constructor(private readonly options: ExpiryTimerOptions) {
    this.subscriptions = commandHandler({ store: options.store, codec: billingCodec, decider: subscriptionDecider });
  }

  start(): this {
    this.handle = setInterval(() => void this.tick(), this.options.intervalMs);
    this.handle.unref();
    return this;
  }

  /** Records every expiry due now; returns how many plans it looked at. */
  tick(): Promise<void> {
    this.ticking ??= this.expireDue().finally(() => (this.ticking = null));
    return this.ticking;
  }

  private async expireDue(): Promise<void> {
    const at = this.options.now().toISOString();
    try {
      for (const userId of this.options.subscriptions.due(at)) {
        await this.subscriptions.handle(
          subscriptionStream(userId),
          { type: 'ExpireIfDue', at },
          { tenantId: userId, correlationId: 'expiry-timer', occurredAt: at },
        );
      }
      this.lastProblem = null;
    } catch (error) {
      this.lastProblem = error instanceof Error ? error.message : String(error);
      this.options.logger.warn('expiry timer tick failed; retried at the next tick', { error });
    }
  }

  report(): WorkReport {
    return this.lastProblem
      ? { name: 'billing/expiry-timer', status: 'retrying', detail: this.lastProblem }
      : { name: 'billing/expiry-timer', status: this.handle ? 'running' : 'stopped' };
  }

  async stop(): Promise<void> {
    if (this.handle) clearInterval(this.handle);
    this.handle = null;
    await this.ticking;
  }
}

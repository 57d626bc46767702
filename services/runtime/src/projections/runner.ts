import type { EventStore, RecordedEvent, Subscription } from '../event-store/port.js';
import type { Logger } from '../log/logger.js';

/** An in-memory read model kept current from the service's own store. */
export interface Projection {
  readonly name: string;
  /** Must tolerate seeing an event twice and must not throw for events it does not know. */
  apply(event: RecordedEvent): void;
}

/**
 * Rebuilds every read model from the store at start, then follows new events. Commands await
 * `waitFor(position)` so a user reads their own writes.
 */
export class ProjectionRunner {
  private position = 0;
  private waiters: { position: number; resolve: () => void }[] = [];
  private subscription: Subscription | null = null;
  private failure: unknown = null;

  private readonly projections: Projection[] = [];

  constructor(
    private readonly store: EventStore,
    private readonly logger: Logger,
  ) {}

  register(projections: readonly Projection[]): void {
    if (this.subscription) throw new Error('Register read models before the runner starts');
    this.projections.push(...projections);
  }

  async start(): Promise<void> {
    this.subscription = this.store.subscribeToAll(
      {},
      (event) => this.apply(event),
      (error) => {
        this.failure = error;
        this.logger.error('read models stopped', { error });
      },
    );
    await this.subscription.caughtUp;
  }

  get healthy(): boolean {
    return this.failure === null;
  }

  waitFor(position: number | null): Promise<void> {
    if (position === null || position <= this.position) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ position, resolve }));
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
  }

  private apply(event: RecordedEvent): void {
    for (const projection of this.projections) projection.apply(event);
    this.position = event.position;
    const ready = this.waiters.filter((waiter) => waiter.position <= this.position);
    this.waiters = this.waiters.filter((waiter) => waiter.position > this.position);
    for (const waiter of ready) waiter.resolve();
  }
}

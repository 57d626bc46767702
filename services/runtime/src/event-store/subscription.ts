import type { Subscription } from './port.js';

/** What a subscription's delivery loop sees of its own lifecycle. */
export interface SubscriptionControl {
  readonly stopped: boolean;
  /** Declares the backlog handled; later calls are ignored. */
  markCaughtUp(): void;
  /** Runs `listener` once stop is requested, so a loop waiting for events can give up waiting. */
  onStop(listener: () => void): void;
}

type Deliver = (control: SubscriptionControl) => Promise<void>;

/** The subscriptions an adapter has started, so that closing the adapter can stop them. */
export class SubscriptionSet {
  private readonly active = new Set<Subscription>();

  /**
   * Runs `deliver`, the adapter's loop that hands events to the handler one at a time, and gives
   * it the port's lifecycle: `stop()` resolves once the loop has returned (so after the in-flight
   * handler), and a failure (handler or store) stops the subscription and goes to `onError`, never
   * to an unhandled rejection. `caughtUp` resolves when the loop says so or when it stops first;
   * it rejects with the failure if the loop fails before catching up.
   */
  start(deliver: Deliver, onError: (error: unknown) => void = reportUnobserved): Subscription {
    const { subscription, finished } = launch(deliver, onError);
    this.active.add(subscription);
    void finished.then(() => this.active.delete(subscription));
    return subscription;
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.active].map((subscription) => subscription.stop()));
  }
}

function launch(deliver: Deliver, onError: (error: unknown) => void) {
  let stopped = false;
  const stopListeners: Array<() => void> = [];
  const caughtUp = outcome();

  const requestStop = () => {
    if (stopped) return;
    stopped = true;
    for (const listener of stopListeners) listener();
  };
  const control: SubscriptionControl = {
    get stopped() {
      return stopped;
    },
    markCaughtUp: caughtUp.resolve,
    onStop(listener) {
      if (stopped) listener();
      else stopListeners.push(listener);
    },
  };

  const finished = deliver(control).then(caughtUp.resolve, (error: unknown) => {
    requestStop();
    caughtUp.reject(error);
    notify(onError, error);
  });

  const subscription: Subscription = {
    caughtUp: caughtUp.promise,
    async stop() {
      requestStop();
      await finished;
    },
  };
  return { subscription, finished };
}

function outcome() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  // Nobody has to await caughtUp; a failure is reported through onError regardless.
  promise.catch(() => undefined);
  return { promise, resolve: () => resolve(), reject };
}

function notify(onError: (error: unknown) => void, error: unknown): void {
  try {
    onError(error);
  } catch (secondary) {
    reportUnobserved(secondary);
  }
}

function reportUnobserved(error: unknown): void {
  console.error('event store subscription stopped', error);
}

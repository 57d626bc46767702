import type { EventStore, RecordedEvent, Subscription } from '../event-store/port.js';
import type { Logger } from '../log/logger.js';
import { retryUntilStopped } from '../retry.js';

/** A process manager: turns a recorded event into commands. Must be idempotent. */
export interface Reaction {
  readonly name: string;
  readonly categories: readonly string[];
  handles(event: RecordedEvent): boolean;
  react(event: RecordedEvent): Promise<void>;
}

/**
 * Runs reactions over the service's own store from a checkpoint kept in that store. A failing
 * reaction is retried with backoff rather than skipped: skipping would lose the command forever.
 */
export async function startReactions(
  store: EventStore,
  reactions: readonly Reaction[],
  logger: Logger,
  checkpointName = 'reactions',
): Promise<Subscription> {
  const categories = [...new Set(reactions.flatMap((reaction) => reaction.categories))];
  const after = (await store.getCheckpoint(checkpointName)) ?? undefined;
  let stopped = false;
  const subscription = store.subscribeToAll(
    { ...(after === undefined ? {} : { after }), categories },
    async (event: RecordedEvent) => {
      for (const reaction of reactions) {
        if (!reaction.handles(event)) continue;
        await retryUntilStopped(
          () => reaction.react(event),
          () => stopped,
          (error, attempt) =>
            logger.warn('reaction failed, retrying', { reaction: reaction.name, eventId: event.id, attempt, error }),
        );
      }
      if (!stopped) await store.setCheckpoint(checkpointName, event.position);
    },
    (error) => logger.error('reactions stopped', { error }),
  );
  return {
    caughtUp: subscription.caughtUp,
    async stop() {
      stopped = true;
      await subscription.stop();
    },
  };
}

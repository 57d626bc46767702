import { createIntegrationEventRegistry, PostChanged } from '@brandloom/proto-events';
import {
  causedEventId,
  commandHandler,
  parseInboxCopy,
  type EventStore,
  type ProjectionRunner,
  type Reaction,
  type RecordedEvent,
} from '@brandloom/runtime';
import type { AccountsReadModel } from '../accounts/accounts-read-model.js';
import { mayAutoPost } from '../accounts/plan-gate.js';
import { schedulingCodec } from '../events.js';
import { postTimerDecider, timerStream } from './post-timer.js';

export interface TrackPostChangesDependencies {
  store: EventStore;
  readModels: ProjectionRunner;
  accounts: AccountsReadModel;
  now: () => Date;
}

/**
 * Every change of a post (content's whole state) goes to the post's timer: queue it, move it,
 * cancel it. The plan is the one known when the change arrived (the read models are waited for
 * up to the change), and the events caused get ids derived from the change, so handling it
 * twice records nothing new.
 */
export function trackPostChanges({ store, readModels, accounts, now }: TrackPostChangesDependencies): Reaction {
  const registry = createIntegrationEventRegistry();
  const timers = commandHandler({ store, codec: schedulingCodec, decider: postTimerDecider });
  return {
    name: 'track-post-changes',
    categories: ['inbox'],
    handles: (event) => event.type === PostChanged.type,
    async react(event: RecordedEvent) {
      const post = parseInboxCopy(registry, event).data as PostChanged;
      await readModels.waitFor(event.position);
      const at = now();
      await timers.handle(
        timerStream(post.postId),
        { type: 'TrackPost', post, mayAutoPost: mayAutoPost(accounts.get(post.userId), at), at: at.toISOString() },
        {
          tenantId: post.userId,
          correlationId: event.metadata.correlationId,
          causationId: event.id,
          occurredAt: at.toISOString(),
          eventId: (index) => causedEventId(event.id, index),
        },
      );
    },
  };
}

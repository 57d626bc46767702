import { createIntegrationEventRegistry, PostChanged, publishablePlatforms } from '@brandloom/proto-events';
import { publishingQuotaWarning } from '@brandloom/publishing/quota-client';
import {
  causedEventId,
  commandHandler,
  parseInboxCopy,
  type EventStore,
  type ProjectionRunner,
  type Reaction,
  type RecordedEvent,
  type ServiceClient,
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
  /** Asks publishing whether the account's quota is used up at a post's time (absent: never). */
  services?: ServiceClient;
}

const publishable: readonly string[] = publishablePlatforms;
const goesOut = (post: PostChanged) =>
  (post.status === 'approved' || post.status === 'scheduled') && post.autoPost && publishable.includes(post.platform);

/**
 * Every change of a post (content's whole state) goes to the post's timer: queue it, move it,
 * cancel it. The plan is the one known when the change arrived (the read models are waited for
 * up to the change), and the events caused get ids derived from the change, so handling it
 * twice records nothing new.
 */
export function trackPostChanges({
  store,
  readModels,
  accounts,
  now,
  services,
}: TrackPostChangesDependencies): Reaction {
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
      // The owner hears of a used-up quota when the post is queued, not when it fails.
      const quotaWarning =
        services && goesOut(post)
          ? await publishingQuotaWarning(services, post.platform, post.scheduledTime ?? at.toISOString(), {
              userId: post.userId,
              requestId: event.metadata.correlationId,
            })
          : null;
      await timers.handle(
        timerStream(post.postId),
        {
          type: 'TrackPost',
          post,
          mayAutoPost: mayAutoPost(accounts.get(post.userId), at),
          quotaWarning,
          at: at.toISOString(),
        },
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

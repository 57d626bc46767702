import {
  AccountStatusChanged,
  PostChanged,
  PostPublished,
  PublishFailed,
  SubscriptionChanged,
  type EventDefinition,
  type EventEnvelope,
} from '@brandloom/proto-events';
import { commandHandler, inboxStreamOf, newId, type EventStore } from '@brandloom/runtime';
import {
  autoPostingDecider,
  autoPostingStream,
  defaultAutoPostingSettings,
} from '../auto-posting/auto-posting-settings.js';
import { schedulingCodec } from '../events.js';

/**
 * Other services' events as they would publish them, for scheduling's tests: envelopes to put
 * on a real bus, or inbox copies appended to the store exactly as the inbox appends them.
 */
export function envelope<Data>(
  definition: EventDefinition<string, Data>,
  data: Data,
  occurredAt: string,
): EventEnvelope<Data> {
  return {
    id: newId(),
    type: definition.type,
    version: definition.version,
    streamId: `test-${newId()}`,
    revision: 0,
    position: 0,
    occurredAt,
    tenantId: (data as { userId?: string }).userId ?? null,
    correlationId: 'test',
    causationId: null,
    data: definition.schema.parse(data) as Data,
  };
}

export async function appendInboxCopy(store: EventStore, copy: EventEnvelope): Promise<number> {
  const { position } = await store.appendToStream(
    inboxStreamOf(copy.id),
    [
      {
        id: copy.id,
        type: copy.type,
        version: copy.version,
        data: copy.data,
        metadata: {
          tenantId: copy.tenantId,
          correlationId: copy.correlationId,
          causationId: copy.causationId,
          occurredAt: copy.occurredAt,
        },
      },
    ],
    { expectedRevision: 'no_stream' },
  );
  return position;
}

export const professionalPlan = (userId: string, at: string) =>
  envelope(
    SubscriptionChanged,
    { userId, tier: 'professional', status: 'active', trialEndsAt: null, currentPeriodEndsAt: null, changedAt: at },
    at,
  );

export const accountStatus = (userId: string, active: boolean, at: string) =>
  envelope(AccountStatusChanged, { userId, active, changedAt: at }, at);

export const postChanged = (post: Omit<PostChanged, 'postedTime'> & { postedTime?: string | null }) =>
  envelope(PostChanged, { postedTime: null, ...post }, post.changedAt);

export const postPublished = (postId: string, userId: string, at: string) =>
  envelope(
    PostPublished,
    { postId, userId, platform: 'twitter', platformPostId: `tw-${postId}`, url: null, publishedAt: at },
    at,
  );

export const publishFailed = (postId: string, userId: string, at: string, reason: string) =>
  envelope(
    PublishFailed,
    { postId, userId, platform: 'twitter', failureClass: 'invalid_content', reason, failedAt: at },
    at,
  );

/** The owner's auto-posting switched on for X, recorded as the Settings tab records it; the position. */
export async function enableAutoPostingOnX(store: EventStore, userId: string, at: string): Promise<number | null> {
  const { position } = await commandHandler({ store, codec: schedulingCodec, decider: autoPostingDecider }).handle(
    autoPostingStream(userId),
    {
      type: 'SaveAutoPostingSettings',
      userId,
      settings: {
        ...defaultAutoPostingSettings,
        enabled: true,
        platforms: { twitter: true, instagram: false, facebook: false },
      },
      mayAutoPost: true,
      at,
    },
    { tenantId: userId, correlationId: 'test', occurredAt: at },
  );
  return position;
}

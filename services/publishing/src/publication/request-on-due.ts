import { createIntegrationEventRegistry, PostDue } from '@brandloom/proto-events';
import { causedEventId, commandHandler, parseInboxCopy, type EventStore, type Reaction } from '@brandloom/runtime';
import { publishingCodec } from '../events.js';
import { publicationDecider, publicationStream } from './publication.js';

/**
 * Each scheduling.PostDue becomes a publication request on the post's own stream; the publisher
 * takes it from there. A redelivered or repeated PostDue requests nothing new (the decider).
 */
export function requestPublicationOnDue(store: EventStore): Reaction {
  const registry = createIntegrationEventRegistry();
  const publications = commandHandler({ store, codec: publishingCodec, decider: publicationDecider });
  return {
    name: 'request-publication-on-due',
    categories: ['inbox'],
    handles: (event) => event.type === PostDue.type,
    async react(event) {
      const copy = parseInboxCopy(registry, event);
      if (copy.type !== PostDue.type) return;
      const { postId, userId, platform, content, dueAt, firedAt } = copy.data;
      await publications.handle(
        publicationStream(postId),
        { type: 'RequestPublication', request: { postId, userId, platform, content, dueAt }, at: firedAt },
        {
          tenantId: userId,
          correlationId: event.metadata.correlationId,
          causationId: event.id,
          occurredAt: event.metadata.occurredAt,
          eventId: (index) => causedEventId(event.id, index),
        },
      );
    },
  };
}

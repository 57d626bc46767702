import { createIntegrationEventRegistry, SlotReached } from '@brandloom/proto-events';
import { parseInboxCopy, type Reaction, type RecordedEvent } from '@brandloom/runtime';
import type { ContentApplication } from '../application.js';

/** A slot of the owner's AI posting schedule came: content writes its posts (ADR 0013). */
export function generatePostsAtSlots(app: ContentApplication): Reaction {
  const registry = createIntegrationEventRegistry();
  return {
    name: 'generate-posts-at-slots',
    categories: ['inbox'],
    handles: (event) => event.type === SlotReached.type,
    async react(event: RecordedEvent) {
      const copy = parseInboxCopy(registry, event);
      if (copy.type !== SlotReached.type) return;
      await app.postsForSlot(copy.data, { eventId: event.id, correlationId: event.metadata.correlationId });
    },
  };
}

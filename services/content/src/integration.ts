import { PostApproved } from '@brandloom/proto-events';
import { envelopeOf, type RecordedEvent } from '@brandloom/runtime';
import { contentCodec } from './events.js';

/**
 * What content publishes: an approved post, for the scheduling and publishing to come. Brand
 * settings, drafts and usage stay inside.
 */
export function contentIntegrationEvent(recorded: RecordedEvent) {
  if (recorded.type !== 'content.PostApproved') return null;
  const event = contentCodec.decode(recorded);
  if (event.type !== 'content.PostApproved') return null;
  return envelopeOf(recorded, PostApproved, {
    postId: event.data.postId,
    userId: event.data.userId,
    approvedAt: event.data.at,
  });
}

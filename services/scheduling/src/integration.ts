import { PostDue, PostQueued, SlotReached } from '@brandloom/proto-events';
import { envelopeOf, type RecordedEvent } from '@brandloom/runtime';
import { schedulingCodec } from './events.js';

/** Scheduling publishes its slots, queued posts and due posts; settings, holds and leases stay inside. */
export function schedulingIntegrationEvent(recorded: RecordedEvent) {
  if (recorded.type !== SlotReached.type && recorded.type !== PostQueued.type && recorded.type !== PostDue.type) {
    return null;
  }
  const event = schedulingCodec.decode(recorded);
  switch (event.type) {
    case 'scheduling.SlotReached':
      return envelopeOf(recorded, SlotReached, event.data);
    case 'scheduling.PostQueued':
      return envelopeOf(recorded, PostQueued, event.data);
    case 'scheduling.PostDue':
      return envelopeOf(recorded, PostDue, event.data);
    default:
      return null;
  }
}

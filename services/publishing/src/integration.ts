import { PlatformConnectionChanged, PostPublished, PublishFailed } from '@brandloom/proto-events';
import { envelopeOf, type RecordedEvent } from '@brandloom/runtime';
import { publishingCodec } from './events.js';

/** What publishing publishes: outcomes of posts and changes of connection. Attempts, retries and quotas stay inside. */
export function publishingIntegrationEvent(recorded: RecordedEvent) {
  switch (recorded.type) {
    case PostPublished.type:
    case PublishFailed.type:
    case PlatformConnectionChanged.type:
      break;
    default:
      return null;
  }
  const event = publishingCodec.decode(recorded);
  if (event.type === 'publishing.PostPublished') return envelopeOf(recorded, PostPublished, event.data);
  if (event.type === 'publishing.PublishFailed') return envelopeOf(recorded, PublishFailed, event.data);
  if (event.type === 'publishing.PlatformConnectionChanged')
    return envelopeOf(recorded, PlatformConnectionChanged, event.data);
  return null;
}

import {
  createIntegrationEventRegistry,
  PostPublished,
  PostQueued,
  PublishFailed,
  type IntegrationEvent,
} from '@brandloom/proto-events';
import { parseInboxCopy, type Reaction, type RecordedEvent } from '@brandloom/runtime';
import type { ContentApplication, PostReport } from '../application.js';

const reported = new Set<string>([PostQueued.type, PostPublished.type, PublishFailed.type]);

/** Scheduling's and publishing's word on a post, as the post's own command; null for other events. */
export function reportOf(event: IntegrationEvent): { postId: string; report: PostReport } | null {
  switch (event.type) {
    case PostQueued.type: {
      const { postId, userId, dueAt, quotaWarning, queuedAt } = event.data;
      return { postId, report: { type: 'RecordQueued', userId, dueAt, quotaWarning, at: queuedAt } };
    }
    case PostPublished.type: {
      const { postId, userId, platformPostId, url, publishedAt } = event.data;
      return {
        postId,
        report: { type: 'RecordPublished', userId, platformPostId, platformUrl: url, publishedAt },
      };
    }
    case PublishFailed.type: {
      const { postId, userId, failureClass, reason, failedAt } = event.data;
      return { postId, report: { type: 'RecordPublishFailed', userId, failureClass, reason, at: failedAt } };
    }
    default:
      return null;
  }
}

/** A post becomes scheduled, posted or failed as scheduling and publishing report it (ADR 0013). */
export function recordPostReports(app: ContentApplication): Reaction {
  const registry = createIntegrationEventRegistry();
  return {
    name: 'record-post-reports',
    categories: ['inbox'],
    handles: (event) => reported.has(event.type),
    async react(event: RecordedEvent) {
      const outcome = reportOf(parseInboxCopy(registry, event));
      if (!outcome) return;
      await app.recordReport(outcome.postId, outcome.report, {
        eventId: event.id,
        correlationId: event.metadata.correlationId,
      });
    },
  };
}

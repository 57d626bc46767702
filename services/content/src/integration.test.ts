import { createIntegrationEventRegistry } from '@brandloom/proto-events';
import type { RecordedEvent } from '@brandloom/runtime';
import { describe, expect, it } from 'vitest';
import { contentIntegrationEvent } from './integration.js';

const registry = createIntegrationEventRegistry();
const postId = '0c1f2a8e-5b7d-4c3a-9e21-7f6d5b4a3c2b';
const userId = '4b8f8a7e-9a4b-4d8e-8f43-0a5e0c9b1d21';
const at = '2026-11-25T10:00:00.000Z';
const slotTime = '2026-11-26T09:00:00.000Z';
let position = 0;

const recorded = (type: string, data: unknown): RecordedEvent => ({
  id: crypto.randomUUID(),
  type,
  version: 1,
  data,
  metadata: { tenantId: userId, correlationId: 'request-1', causationId: null, occurredAt: at },
  streamId: `post-${postId}`,
  revision: 0,
  position: ++position,
});

/** What the bus carries, read back as a consumer reads it. */
const published = (type: string, data: unknown) => {
  const envelope = contentIntegrationEvent(recorded(type, data));
  return envelope && registry.parse(JSON.parse(JSON.stringify(envelope)));
};

const draft = {
  postId,
  userId,
  platform: 'twitter',
  content: 'Fresh bread every morning #bakery #local',
  topic: 'bread',
  tone: 'friendly',
  isAiGenerated: true,
  includeHashtags: true,
  createdAt: at,
};
const snapshot = {
  platform: 'twitter',
  content: draft.content,
  autoPost: true,
  scheduledTime: slotTime,
  postedTime: null,
};

describe('what content publishes', () => {
  it('a created post as PostChanged with its whole state', () => {
    expect(published('content.PostCreated', { ...draft, autoPost: true, scheduledTime: slotTime })).toMatchObject({
      type: 'content.PostChanged',
      data: { postId, userId, ...snapshot, status: 'pending', changedAt: at },
    });
  });

  it('a post created before scheduling with no autoPost and no time', () => {
    expect(published('content.PostCreated', draft)?.data).toMatchObject({
      status: 'pending',
      autoPost: false,
      scheduledTime: null,
    });
  });

  it('every later change as PostChanged, from the state the event carries', () => {
    const statuses = {
      'content.PostApproved': { postId, userId, at },
      'content.PostRejected': { postId, userId, at },
      'content.PostScheduled': { postId, userId, at, dueAt: slotTime, quotaWarning: null },
      'content.PostPosted': { postId, userId, at, platformPostId: '1790', platformUrl: null },
      'content.PostFailed': { postId, userId, at, failureClass: 'transient', reason: 'Over capacity' },
    };
    for (const [type, data] of Object.entries(statuses)) {
      const status = type.replace('content.Post', '').toLowerCase();
      const post = { ...snapshot, status, postedTime: status === 'posted' ? slotTime : null };
      expect(published(type, { ...data, post }), type).toMatchObject({
        type: 'content.PostChanged',
        data: { postId, userId, ...post, changedAt: at },
      });
    }
  });

  it('the approval as PostApproved too, from the event recorded beside it', () => {
    expect(published('content.PostApprovalAnnounced', { postId, userId, at })).toMatchObject({
      type: 'content.PostApproved',
      data: { postId, userId, approvedAt: at },
    });
  });

  it('an approval recorded before PostChanged as PostApproved, and such a rejection not at all', () => {
    expect(published('content.PostApproved', { postId, userId, at })).toMatchObject({
      type: 'content.PostApproved',
      data: { postId, userId, approvedAt: at },
    });
    expect(published('content.PostRejected', { postId, userId, at })).toBeNull();
  });

  it('a slot no post could be made for', () => {
    const failure = { slotId: 'slot-1', userId, platform: 'instagram', reason: 'No key', at };
    expect(published('content.SlotGenerationFailed', failure)).toMatchObject({
      type: 'content.SlotGenerationFailed',
      data: { slotId: 'slot-1', userId, platform: 'instagram', reason: 'No key', failedAt: at },
    });
  });

  it('nothing of brand settings, usage, or other services’ events', () => {
    expect(published('content.GenerationRecorded', {})).toBeNull();
    expect(published('billing.TrialStarted', {})).toBeNull();
  });
});

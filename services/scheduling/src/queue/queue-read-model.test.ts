import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId, openSqliteEventStore, ProjectionRunner, silentLogger, type EventStore } from '@brandloom/runtime';
import { appendInboxCopy, postChanged, postPublished } from '../testing/envelopes.js';
import { QueueReadModel } from './queue-read-model.js';

const userId = newId();

describe('the queue read model', () => {
  let dir: string;
  let store: EventStore;
  let readModels: ProjectionRunner;
  let queue: QueueReadModel;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'scheduling-queue-'));
    store = openSqliteEventStore({ file: join(dir, 'scheduling.db') });
    readModels = new ProjectionRunner(store, silentLogger, { database: join(dir, 'read.db'), name: 'test' });
    queue = new QueueReadModel();
    readModels.register([queue]);
    await readModels.start();
  });
  afterEach(async () => {
    await readModels.stop();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const post = (postId: string, status: 'pending' | 'approved', changedAt: string) =>
    postChanged({
      postId,
      userId,
      platform: 'twitter',
      content: `${status} at ${changedAt}`,
      status,
      autoPost: true,
      scheduledTime: '2026-11-25T12:00:00.000Z',
      changedAt,
    });
  const timerEvent = (postId: string, type: string, data: Record<string, unknown>) =>
    store.appendToStream(
      `timer-${postId}`,
      [
        {
          id: newId(),
          type,
          version: 1,
          data: { postId, userId, ...data },
          metadata: {
            tenantId: userId,
            correlationId: 'test',
            causationId: null,
            occurredAt: '2026-11-25T10:00:00.000Z',
          },
        },
      ],
      { expectedRevision: 'any' },
    );

  it('keeps the newest state of a post when an older one arrives late', async () => {
    const postId = newId();
    await appendInboxCopy(store, post(postId, 'approved', '2026-11-25T10:00:02.000Z'));
    await readModels.waitFor(await appendInboxCopy(store, post(postId, 'pending', '2026-11-25T10:00:01.000Z')));
    expect(queue.get(postId)).toMatchObject({
      post_status: 'approved',
      content: 'approved at 2026-11-25T10:00:02.000Z',
    });
  });

  it('lists due timers nothing holds before held ones, and counts outcomes', async () => {
    const [held, waiting, later] = [newId(), newId(), newId()];
    for (const [postId, dueAt] of [
      [held, '2026-11-25T09:00:00.000Z'],
      [waiting, '2026-11-25T11:00:00.000Z'],
      [later, '2026-11-25T13:00:00.000Z'],
    ] as const) {
      await timerEvent(postId, 'scheduling.PostQueued', {
        platform: 'twitter',
        dueAt,
        quotaWarning: null,
        queuedAt: '2026-11-25T08:00:00.000Z',
      });
    }
    const { position } = await timerEvent(held, 'scheduling.PostHeld', {
      reason: 'The account is suspended',
      at: '2026-11-25T09:00:01.000Z',
    });
    await readModels.waitFor(position);
    expect(queue.due('2026-11-25T12:00:00.000Z').map((row) => row.post_id)).toEqual([waiting, held]);
    expect(queue.nextDue(userId)).toBe('2026-11-25T11:00:00.000Z');

    await readModels.waitFor(await appendInboxCopy(store, postPublished(waiting, userId, '2026-11-25T11:00:02.000Z')));
    expect(queue.totals(userId)).toEqual({ queued: 2, posted: 1, failed: 0 });
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeGraph, type FakeGraph } from '../fakes/graph-server.js';
import { startFakeX, type FakeX } from '../fakes/x-server.js';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import {
  approvedPostsGoOutAtTheirTime,
  autoPostingFlowEnv,
  professionalOwnerConnectedTo,
} from '../support/auto-posting-flow.js';

describe('auto-posting in the all-in-one mode', () => {
  let x: FakeX;
  let graph: FakeGraph;
  let server: TestServer;
  beforeAll(async () => {
    [x, graph] = await Promise.all([startFakeX(), startFakeGraph()]);
    server = await startTestServer(autoPostingFlowEnv(x, graph));
  });
  afterAll(async () => {
    await server?.dispose();
    await Promise.all([x?.close(), graph?.close()]);
  });

  it('publishes approved posts to X, Instagram and Facebook at their time, once, and leaves a pending one', async () => {
    await approvedPostsGoOutAtTheirTime(server.url, x, graph);
  }, 40_000);
});

describe('a used-up platform quota', () => {
  let x: FakeX;
  let graph: FakeGraph;
  let server: TestServer;
  beforeAll(async () => {
    [x, graph] = await Promise.all([startFakeX(), startFakeGraph()]);
    server = await startTestServer({ ...autoPostingFlowEnv(x, graph), X_POSTS_PER_DAY: '1' });
  });
  afterAll(async () => {
    await server?.dispose();
    await Promise.all([x?.close(), graph?.close()]);
  });

  it('warns the owner when an approved post is queued past it, not when it fails', async () => {
    const owner = await professionalOwnerConnectedTo(server.url, x, graph);
    const first = await owner.post('/api/auto-posting/schedule', {
      platform: 'twitter',
      content: `The first post of the day ${randomUUID()}`,
      scheduledTime: new Date(Date.now() + 500).toISOString(),
      requiresApproval: false,
    });
    expect(first.status).toBe(201);
    const firstId = ((await first.json()) as { post: { id: string } }).post.id;
    await vi.waitFor(
      async () => {
        const posts = (await (await owner.get('/api/posts')).json()) as { id: string; status: string }[];
        expect(posts.find((post) => post.id === firstId)?.status).toBe('posted');
      },
      { timeout: 10_000, interval: 100 },
    );

    // The second waits for approval, then is approved in Moderation: queued with the warning.
    const second = await owner.post('/api/auto-posting/schedule', {
      platform: 'twitter',
      content: `One more for the afternoon ${randomUUID()}`,
      scheduledTime: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const secondId = ((await second.json()) as { post: { id: string } }).post.id;
    expect((await owner.post(`/api/posts/${secondId}/approve`)).status).toBe(200);
    await vi.waitFor(
      async () => {
        const queue = (await (await owner.get('/api/schedule/queue')).json()) as Record<string, unknown>[];
        expect(queue.find((item) => item['id'] === secondId)).toMatchObject({
          status: 'scheduled',
          quotaWarning: expect.stringMatching(/\S/),
        });
      },
      { timeout: 10_000, interval: 100 },
    );
  }, 30_000);
});

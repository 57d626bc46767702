import { afterAll, beforeAll, describe, it } from 'vitest';
import { startFakeGraph, type FakeGraph } from '../fakes/graph-server.js';
import { startFakeX, type FakeX } from '../fakes/x-server.js';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import { approvedPostsGoOutAtTheirTime, autoPostingFlowEnv } from '../support/auto-posting-flow.js';

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

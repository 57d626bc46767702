import { afterAll, beforeAll, describe, it } from 'vitest';
import { findNatsServerBinary } from '@brandloom/runtime/testing';
import { startFakeGraph, type FakeGraph } from '../fakes/graph-server.js';
import { startFakeX, type FakeX } from '../fakes/x-server.js';
import { approvedPostsGoOutAtTheirTime, autoPostingFlowEnv } from '../support/auto-posting-flow.js';
import { startDistributed, type DistributedBrandloom } from '../support/distributed.js';

const natsBinary = findNatsServerBinary();
if (!natsBinary)
  console.warn('Distributed auto-posting test skipped: nats-server is not installed (apt-get install nats-server).');

describe.skipIf(!natsBinary)('auto-posting in the distributed mode', () => {
  let x: FakeX;
  let graph: FakeGraph;
  let brandloom: DistributedBrandloom;
  beforeAll(async () => {
    [x, graph] = await Promise.all([startFakeX(), startFakeGraph()]);
    brandloom = await startDistributed(autoPostingFlowEnv(x, graph));
  }, 60_000);
  afterAll(async () => {
    await brandloom?.dispose();
    await Promise.all([x?.close(), graph?.close()]);
  });

  it('publishes approved posts to X, Instagram and Facebook at their time, once, across processes', async () => {
    await approvedPostsGoOutAtTheirTime(brandloom.url, x, graph);
  }, 40_000);
});

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostDue, type PostPublished, type PublishFailed } from '@brandloom/proto-events';
import { CALLER_HEADER, connectNatsBus, signCaller, type Bus } from '@brandloom/runtime';
import { findNatsServerBinary, startNatsServer, type RunningNatsServer } from '@brandloom/runtime/testing';
import { freePort, isOk, startNode, waitUntil } from '../support/processes.js';
import { startFakeX, type FakeX } from '../fakes/x-server.js';
import { startFakeGraph, type FakeGraph } from '../fakes/graph-server.js';
import { collectEvents, publishEvent } from '../fakes/bus-events.js';

const root = resolve(import.meta.dirname, '../..');
const POSTS = 500;
const OWNERS = 10;
const SECRET = randomBytes(32).toString('base64url');
const natsBinary = findNatsServerBinary();
if (!natsBinary)
  console.warn('Publishing crash test skipped: nats-server is not installed (apt-get install nats-server).');

const report = (line: string) => process.stdout.write(`[publishing crash] ${line}\n`);

describe.skipIf(!natsBinary)('the publishing process killed with SIGKILL during a burst of due posts', () => {
  let nats: RunningNatsServer;
  let dataDir: string;
  let x: FakeX;
  let graph: FakeGraph;
  let bus: Bus;
  const processes: ReturnType<typeof startNode>[] = [];
  const ports = new Map<string, number>();

  beforeAll(async () => {
    nats = await startNatsServer();
    dataDir = await mkdtemp(join(tmpdir(), 'brandloom-publishing-crash-'));
    [x, graph] = await Promise.all([startFakeX(), startFakeGraph()]);
    // Each post is made at once and answered 50 ms later, so the kill lands between the two for
    // some: posts the platform has and publishing never heard back about.
    x.publishLatencyMs = 50;
    graph.publishLatencyMs = 50;
    for (const name of ['identity', 'publishing']) ports.set(name, await freePort());
    bus = await connectNatsBus({ servers: nats.url, name: 'publishing-crash-test' });
  });
  afterAll(async () => {
    for (const child of processes) {
      if (child.child.exitCode === null && child.child.signalCode === null) child.child.kill('SIGKILL');
      await child.exited;
    }
    await bus?.close();
    await nats?.stop();
    await Promise.all([x?.close(), graph?.close()]);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** One service as its own process, as `npm run start:distributed` runs it. */
  async function launch(name: 'identity' | 'publishing') {
    const port = ports.get(name)!;
    const child = startNode(
      join(root, 'services/runtime/dist/service/launch.js'),
      [name],
      {
        NATS_URL: nats.url,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        INTERNAL_SECRET: SECRET,
        MASTER_KEY: '0123456789abcdef'.repeat(4),
        LOG_LEVEL: 'warn',
        IDENTITY_URL: `http://127.0.0.1:${ports.get('identity')}`,
        X_API_BASE_URL: x.baseUrl,
        GRAPH_API_BASE_URL: graph.baseUrl,
        PLATFORM_TIMEOUT_MS: '3000',
        PUBLISH_POLL_MS: '100',
        PUBLISH_CONCURRENCY: '8',
        PUBLISH_RETRY_DELAYS_MS: '200,500,1000',
      },
      root,
    );
    processes.push(child);
    await waitUntil(() => isOk(`http://127.0.0.1:${port}/readyz`), `${name} to be ready`, 30_000).catch(
      (error: Error) => {
        throw new Error(`${error.message}\n${child.output()}`);
      },
    );
    return child;
  }

  /** Saves an owner's platform credentials in identity's vault, as the API Settings form does through the gateway. */
  async function saveCredentials(userId: string, keys: Record<string, string>) {
    const body = JSON.stringify({
      query: 'mutation Save($input: ApiKeysInput!) { saveApiKeys(input: $input) { twitterApiKey } }',
      variables: { input: keys },
    });
    const caller = {
      userId,
      isAdmin: false,
      sessionTokenHash: null,
      clientAddress: null,
      userAgent: null,
      requestId: 'r',
    };
    const response = await fetch(`http://127.0.0.1:${ports.get('identity')}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [CALLER_HEADER]: signCaller(caller, SECRET, { audience: 'identity', body }),
      },
      body,
    });
    const answer = (await response.json()) as { errors?: unknown };
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  }

  it('publishes every post exactly once after a restart', async () => {
    await launch('identity');
    const publishing = await launch('publishing');
    const owners: { userId: string; platform: 'twitter' | 'facebook' }[] = [];
    for (let index = 0; index < OWNERS; index++) {
      const userId = randomUUID();
      if (index % 2 === 0) {
        const account = x.addAccount();
        await saveCredentials(userId, {
          twitterApiKey: account.apiKey,
          twitterApiSecret: account.apiSecret,
          twitterAccessToken: account.accessToken,
          twitterAccessTokenSecret: account.accessTokenSecret,
        });
        owners.push({ userId, platform: 'twitter' });
      } else {
        const page = graph.addPage();
        await saveCredentials(userId, { facebookAccessToken: page.accessToken, facebookPageId: page.id });
        owners.push({ userId, platform: 'facebook' });
      }
    }
    const outcomes = await collectEvents(bus, 'publishing-crash-observer', ['events.publishing.>']);

    // The burst: 500 due posts straight onto the bus, as scheduling's timers would fire them.
    const markers: string[] = [];
    const now = new Date().toISOString();
    for (let index = 0; index < POSTS; index++) {
      const marker = `[post ${index} ${randomUUID().slice(0, 8)}]`;
      markers.push(marker);
      const owner = owners[index % OWNERS]!;
      await publishEvent(bus, PostDue, {
        postId: randomUUID(),
        userId: owner.userId,
        platform: owner.platform,
        content: `Fresh bread and new hours this week ${marker}`,
        dueAt: now,
        firedAt: now,
      });
    }
    const madeSoFar = () => x.posts.length + graph.posts.length;
    await waitUntil(async () => madeSoFar() >= POSTS / 5, 'the first posts to go out', 30_000);
    publishing.child.kill('SIGKILL');
    await publishing.exited;
    const atKill = madeSoFar();
    report(`killed the publishing process with ${atKill} of ${POSTS} posts made`);
    expect(atKill).toBeLessThan(POSTS);

    const restartedAt = Date.now();
    await launch('publishing');
    await waitUntil(async () => madeSoFar() >= POSTS, 'every post', 45_000).catch(() => undefined);
    await waitUntil(
      async () =>
        new Set(outcomes.ofType<PostPublished>('publishing.PostPublished').map((e) => e.data.postId)).size >= POSTS,
      'every outcome on the bus',
      20_000,
    ).catch(() => undefined);
    report(`all out ${Date.now() - restartedAt} ms after the restart`);
    await new Promise((done) => setTimeout(done, 500)); // room for a duplicate to show up

    const counts = new Map(
      [...x.countsOf(markers)].map(([marker, n]) => [marker, n + graph.countsOf([marker]).get(marker)!]),
    );
    const duplicated = [...counts.values()].filter((n) => n > 1).length;
    const missing = [...counts.values()].filter((n) => n === 0).length;
    const refusedAsDuplicate = x.publishRequests.filter((request) => request.outcome === 'duplicate').length;
    const published = new Set(outcomes.ofType<PostPublished>('publishing.PostPublished').map((e) => e.data.postId))
      .size;
    const failed = outcomes.ofType<PublishFailed>('publishing.PublishFailed');
    report(
      `at the fakes: ${POSTS} due, ${missing} missing, ${duplicated} duplicated, ${refusedAsDuplicate} second calls; ` +
        `on the bus: ${published} PostPublished, ${failed.length} PublishFailed`,
    );
    await outcomes.stop();
    expect({ missing, duplicated, refusedAsDuplicate }).toEqual({ missing: 0, duplicated: 0, refusedAsDuplicate: 0 });
    expect(failed.map((event) => event.data.reason)).toEqual([]);
    expect(published).toBe(POSTS);
  }, 120_000);
});

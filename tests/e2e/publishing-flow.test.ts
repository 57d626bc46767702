import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountStatusChanged,
  PostChanged,
  PostDue,
  type PlatformConnectionChanged,
  type PostPublished,
  type PublishFailed,
} from '@brandloom/proto-events';
import { openSqliteBus, type Bus } from '@brandloom/runtime';
import { signUpOwner, type SiteClient } from '../support/browser-client.js';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import { startFakeX, type FakeX, type XAccount } from '../fakes/x-server.js';
import { startFakeGraph, type FakeGraph } from '../fakes/graph-server.js';
import { startFakeTikTok, type FakeTikTok } from '../fakes/tiktok-server.js';
import { collectEvents, publishEvent } from '../fakes/bus-events.js';

let server: TestServer;
let x: FakeX;
let graph: FakeGraph;
let tiktok: FakeTikTok;
let bus: Bus;
let events: Awaited<ReturnType<typeof collectEvents>>;
beforeAll(async () => {
  [x, graph, tiktok] = await Promise.all([startFakeX(), startFakeGraph(), startFakeTikTok()]);
  server = await startTestServer({
    X_API_BASE_URL: x.baseUrl,
    GRAPH_API_BASE_URL: graph.baseUrl,
    TIKTOK_API_BASE_URL: tiktok.baseUrl,
    PLATFORM_TIMEOUT_MS: '600',
    PUBLISH_POLL_MS: '50',
    PUBLISH_RETRY_DELAYS_MS: '200,200',
    INSTAGRAM_CONTAINER_POLL_MS: '20',
    INSTAGRAM_DEFAULT_IMAGE_URL: 'https://cdn.example.com/brand.jpg',
    X_POSTS_PER_DAY: '3',
  });
  // Scheduling's and identity's events are put on the all-in-one bus as their relays would.
  bus = openSqliteBus({ file: join(server.dataDir, 'bus.db') });
  events = await collectEvents(bus, 'publishing-flow-test', ['events.publishing.>']);
});
afterAll(async () => {
  await events?.stop();
  await bus?.close();
  await server?.dispose();
  await Promise.all([x?.close(), graph?.close(), tiktok?.close()]);
});

interface Owner {
  browser: SiteClient;
  userId: string;
}

async function owner(keys: Record<string, string>): Promise<Owner> {
  const { browser } = await signUpOwner(server.url);
  expect((await browser.post('/api/user/api-keys', keys)).status).toBe(200);
  const { id } = (await (await browser.get('/api/auth/user')).json()) as { id: string };
  return { browser, userId: id };
}

const xKeys = (account: XAccount) => ({
  twitterApiKey: account.apiKey,
  twitterApiSecret: account.apiSecret,
  twitterAccessToken: account.accessToken,
  twitterAccessTokenSecret: account.accessTokenSecret,
});

async function due(who: Owner, content: string, platform: 'twitter' | 'instagram' | 'facebook' = 'twitter') {
  const postId = randomUUID();
  const now = new Date().toISOString();
  await publishEvent(bus, PostDue, { postId, userId: who.userId, platform, content, dueAt: now, firedAt: now });
  return postId;
}

const outcomeOf = async (postId: string, timeout = 10_000) => {
  await expect
    .poll(() => events.seen.some((event) => (event.data as { postId?: string }).postId === postId), { timeout })
    .toBe(true);
  const published = events
    .ofType<PostPublished>('publishing.PostPublished')
    .find((event) => event.data.postId === postId);
  const failed = events.ofType<PublishFailed>('publishing.PublishFailed').find((event) => event.data.postId === postId);
  return { published: published?.data, failed: failed?.data };
};

const unique = (text: string) => `${text} ${randomUUID().slice(0, 8)}`;

describe('a due post', () => {
  it('is published once, with its platform id and link, and listed as published', async () => {
    const account = x.addAccount();
    const shop = await owner(xKeys(account));
    const text = unique('Fresh sourdough is out of the oven #bakery #local');
    const postId = await due(shop, text);
    const { published } = await outcomeOf(postId);
    const made = x.posts.filter((post) => post.text === text);
    expect(made).toHaveLength(1);
    expect(published).toMatchObject({
      postId,
      userId: shop.userId,
      platform: 'twitter',
      platformPostId: made[0]!.id,
      url: `https://x.com/i/web/status/${made[0]!.id}`,
    });
    const list = (await (
      await shop.browser.post('/graphql', { query: '{ publications { postId platformPostId url } }' })
    ).json()) as {
      data: { publications: { postId: string; platformPostId: string }[] };
    };
    expect(list.data.publications).toEqual([{ postId, platformPostId: made[0]!.id, url: published!.url }]);

    // Due again (a redelivery, a second timer): nothing more is posted.
    await publishEvent(bus, PostDue, {
      postId,
      userId: shop.userId,
      platform: 'twitter',
      content: text,
      dueAt: new Date().toISOString(),
      firedAt: new Date().toISOString(),
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Not even tried again (X would refuse the duplicate text, hiding a second post).
    expect(x.publishRequests.filter((request) => request.text === text)).toHaveLength(1);
  });

  it('goes to Instagram through a media container and to a Facebook page', async () => {
    const ig = graph.addInstagramAccount();
    const page = graph.addPage();
    const shop = await owner({
      instagramAccessToken: ig.accessToken,
      instagramPageId: ig.id,
      facebookAccessToken: page.accessToken,
      facebookPageId: page.id,
    });
    const gram = await outcomeOf(await due(shop, unique('Cinnamon buns today #bakery'), 'instagram'));
    expect(gram.published?.url).toMatch(/^https:\/\/www\.instagram\.com\/p\//);
    const facebook = await outcomeOf(await due(shop, unique('Open late on Friday'), 'facebook'));
    expect(facebook.published?.platformPostId).toMatch(new RegExp(`^${page.id}_`));
  });

  it('rate limited waits for the platform’s reset time, then goes out once', async () => {
    const account = x.addAccount();
    const shop = await owner(xKeys(account));
    x.failNext({ kind: 'rate_limited', resetInSeconds: 2 });
    const started = Date.now();
    const text = unique('Weekend hours');
    const { published } = await outcomeOf(await due(shop, text), 15_000);
    expect(published).toBeDefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(x.publishRequests.filter((request) => request.text === text).map((request) => request.outcome)).toEqual([
      'rate_limited',
      'created',
    ]);
  });

  it('with an expired token fails as disconnected, tells the owner once, and calls no more', async () => {
    const account = x.addAccount();
    const shop = await owner(xKeys(account));
    x.expire(account.accessToken);
    const first = await outcomeOf(await due(shop, unique('Post one')));
    expect(first.failed).toMatchObject({ failureClass: 'disconnected', reason: expect.stringMatching(/X refused/) });
    const second = await outcomeOf(await due(shop, unique('Post two')));
    expect(second.failed).toMatchObject({
      failureClass: 'disconnected',
      reason: expect.stringMatching(/X is disconnected/),
    });
    const changes = events
      .ofType<PlatformConnectionChanged>('publishing.PlatformConnectionChanged')
      .filter((event) => event.data.userId === shop.userId);
    expect(changes.map((event) => event.data.connected)).toEqual([false]);
    const status = (await (await shop.browser.get('/api/platforms/status')).json()) as Record<
      string,
      { connected: boolean }
    >;
    expect(status['twitter']?.connected).toBe(false);
  });

  it('refused by the platform fails with the platform’s reason, and is not tried again', async () => {
    const account = x.addAccount();
    const shop = await owner(xKeys(account));
    x.failNext({ kind: 'invalid', reason: 'Your Tweet text is too long.' });
    const text = unique('A very long post');
    const { failed } = await outcomeOf(await due(shop, text));
    expect(failed).toMatchObject({ failureClass: 'invalid_content', reason: 'Your Tweet text is too long.' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(x.publishRequests.filter((request) => request.text === text)).toHaveLength(1);
  });

  it('meets a server error with bounded backoff: out on a later try, or failed when the tries run out', async () => {
    const account = x.addAccount();
    const shop = await owner(xKeys(account));
    x.failNext({ kind: 'server_error' }, { times: 2 });
    const recovered = await outcomeOf(await due(shop, unique('Third time lucky')));
    expect(recovered.published).toBeDefined();

    x.failNext({ kind: 'server_error' }, { times: 10 });
    const text = unique('Never lucky');
    const gaveUp = await outcomeOf(await due(shop, text));
    expect(gaveUp.failed?.failureClass).toMatch(/^(transient|unconfirmed)$/);
    // Two delays configured: three tries, no more.
    expect(x.publishRequests.filter((request) => request.text === text)).toHaveLength(3);
    x.clearScript();
  });

  it('whose call timed out is looked for before another try, and is not posted twice', async () => {
    const account = x.addAccount();
    const shop = await owner(xKeys(account));
    x.failNext({ kind: 'slow', delayMs: 1000 });
    const text = unique('Slow network day');
    const { published } = await outcomeOf(await due(shop, text));
    expect(published).toBeDefined();
    expect(x.posts.filter((post) => post.text === text)).toHaveLength(1);
  });

  it('of a suspended account is not published, and says why', async () => {
    const account = x.addAccount();
    const shop = await owner(xKeys(account));
    await publishEvent(bus, AccountStatusChanged, {
      userId: shop.userId,
      active: false,
      changedAt: new Date().toISOString(),
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    const text = unique('Should not go out');
    const { failed } = await outcomeOf(await due(shop, text));
    expect(failed).toMatchObject({ failureClass: 'disconnected', reason: expect.stringMatching(/suspended/) });
    expect(x.publishRequests.filter((request) => request.text === text)).toHaveLength(0);
  });
});

describe('the quota ledger', () => {
  it('warns at scheduling time once the account’s posts in the window reach the limit', async () => {
    const account = x.addAccount();
    const shop = await owner(xKeys(account));
    const quota = async () =>
      (await (
        await shop.browser.get(
          `/api/publishing/quota/twitter?at=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
        )
      ).json()) as {
        used: number;
        limit: number;
        warning: string | null;
      };
    expect(await quota()).toMatchObject({ used: 0, limit: 3, warning: null });
    for (const n of [1, 2, 3]) await outcomeOf(await due(shop, unique(`Post ${n}`)));
    expect(await quota()).toMatchObject({
      used: 3,
      limit: 3,
      warning: expect.stringMatching(/X allows 3 posts in 24 hours/),
    });
    const badPlatform = await shop.browser.get('/api/publishing/quota/myspace');
    expect(badPlatform.status).toBe(404);
  });

  it('takes Instagram’s limit from what the account reports (content_publishing_limit)', async () => {
    const ig = graph.addInstagramAccount();
    const shop = await owner({ instagramAccessToken: ig.accessToken, instagramPageId: ig.id });
    graph.quotaTotal = 2;
    try {
      await outcomeOf(await due(shop, unique('Morning bake'), 'instagram'));
      const quota = async () =>
        (await (await shop.browser.get('/api/publishing/quota/instagram')).json()) as { used: number; limit: number };
      await expect.poll(quota, { timeout: 5000 }).toMatchObject({ used: 1, limit: 2 });
    } finally {
      graph.quotaTotal = 100;
    }
  });
});

describe('a TikTok post', () => {
  it('gets a content pack of its caption and hashtags', async () => {
    const creator = tiktok.addAccount();
    const shop = await owner({ tiktokAccessToken: creator.accessToken });
    const postId = randomUUID();
    await publishEvent(bus, PostChanged, {
      postId,
      userId: shop.userId,
      platform: 'tiktok',
      content: 'Watch us shape the dough #bakery #sourdough #fyp',
      status: 'approved',
      autoPost: false,
      scheduledTime: null,
      postedTime: null,
      changedAt: new Date().toISOString(),
    });
    const pack = async () =>
      (
        (await (
          await shop.browser.post('/graphql', {
            query: `{ tiktokContentPack(postId: "${postId}") { caption hashtags uploadedToDrafts } }`,
          })
        ).json()) as { data: { tiktokContentPack: unknown } }
      ).data.tiktokContentPack;
    await expect.poll(pack, { timeout: 5000 }).toEqual({
      caption: 'Watch us shape the dough',
      hashtags: ['#bakery', '#sourdough', '#fyp'],
      uploadedToDrafts: false,
    });
  });
});

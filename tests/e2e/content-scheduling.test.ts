import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createIntegrationEventRegistry,
  subjectFor,
  type EventEnvelope,
  type IntegrationEvent,
} from '@brandloom/proto-events';
import { AUTO_POSTING_PLAN_REQUIRED } from '@brandloom/proto-events/forms';
import { connectNatsBus, type Bus, type Consumer } from '@brandloom/runtime';
import { findNatsServerBinary, startNatsServer, type RunningNatsServer } from '@brandloom/runtime/testing';
import { SiteClient, signUpOwner, type UserBody } from '../support/browser-client.js';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import { userWithTrial } from '../support/trial.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server.js';
import { FakeStripe } from '../fakes/stripe-server.js';

const natsBinary = findNatsServerBinary();
if (!natsBinary) {
  console.warn('Content scheduling tests skipped: they watch the real bus, and nats-server is not installed.');
}

const ADMIN_EMAIL = 'scheduling-admin@brandloom.test';
const ADMIN_PASSWORD = 'correct horse battery';
const HOUR = 3_600_000;
const registry = createIntegrationEventRegistry();

interface PostBody {
  id: string;
  platform: string;
  status: string;
  content: string;
  isAiGenerated: boolean;
  autoPost: boolean;
  scheduledTime: string | null;
  postedTime: string | null;
  failureReason: string | null;
  platformUrl: string | null;
  quotaWarning: string | null;
}

let nats: RunningNatsServer;
let bus: Bus;
let observer: Consumer;
let fake: FakeOpenAi;
let stripe: FakeStripe;
let server: TestServer;
let admin: SiteClient;
/** Everything content published, read back from the bus as any consumer reads it. */
const seen: IntegrationEvent[] = [];

describe.skipIf(!natsBinary)('content’s side of scheduling and publishing', () => {
  beforeAll(async () => {
    nats = await startNatsServer();
    fake = await startFakeOpenAi();
    stripe = await new FakeStripe().start();
    server = await startTestServer({
      NATS_URL: nats.url,
      OPENAI_BASE_URL: fake.baseUrl,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      ...stripe.env(),
    });
    bus = await connectNatsBus({ servers: nats.url, name: 'content-scheduling-test' });
    observer = await bus.consume(
      { durable: 'test-content-observer', subjects: ['events.content.>'] },
      async (message) => {
        seen.push(registry.parse(JSON.parse(new TextDecoder().decode(message.data))));
        await message.ack();
      },
    );
    admin = new SiteClient(server.url);
    expect((await admin.post('/api/master-login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await observer?.stop();
    await bus?.close();
    await server?.dispose();
    await stripe?.stop();
    await fake?.close();
    await nats?.stop();
  });

  /** A new owner on the trial, with an AI key when given. */
  async function owner(key: string | null = null): Promise<{ browser: SiteClient; user: UserBody }> {
    const { browser } = await signUpOwner(server.url);
    const user = await userWithTrial(browser);
    if (key) expect((await browser.post('/api/user/api-keys', { openaiApiKey: key })).status).toBe(200);
    return { browser, user };
  }

  /** Once content has heard of the plan from billing (over the bus). */
  const planKnown = (browser: SiteClient, plan: string) =>
    expect
      .poll(async () => ((await (await browser.get('/api/content/usage')).json()) as { plan: string }).plan, {
        timeout: 10_000,
      })
      .toBe(plan);

  /** Upgraded to Professional by the master admin's plan action. */
  async function professional(key: string | null = null) {
    const account = await owner(key);
    expect((await admin.post(`/api/admin/users/${account.user.id}/action`, { action: 'upgrade' })).status).toBe(200);
    await planKnown(account.browser, 'Professional');
    return account;
  }

  /** On the Starter plan, paid through (fake) Stripe Checkout. */
  async function starter() {
    const account = await owner();
    const response = await account.browser.post('/api/create-subscription', { planId: 'starter', priceId: 'monthly' });
    const { checkoutUrl } = (await response.json()) as { checkoutUrl: string };
    const subscription = stripe.completeCheckout(checkoutUrl.split('/').pop()!, new Date(Date.now() + 30 * 24 * HOUR));
    const delivery = stripe.signedEvent('customer.subscription.created', subscription);
    const delivered = await fetch(new URL('/api/stripe/webhook', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature },
      body: delivery.payload,
    });
    expect(delivered.status).toBe(200);
    await planKnown(account.browser, 'Starter');
    return account;
  }

  /** Another service's event, published on the bus as its outbox would. */
  async function publish(type: string, userId: string, data: Record<string, unknown>): Promise<void> {
    const envelope: EventEnvelope = {
      id: randomUUID(),
      type,
      version: 1,
      streamId: `test-${randomUUID()}`,
      revision: 0,
      position: 1,
      occurredAt: new Date().toISOString(),
      tenantId: userId,
      correlationId: `test-${randomUUID()}`,
      causationId: null,
      data: { userId, ...data },
    };
    registry.parse(envelope);
    await bus.publish(subjectFor(type), new TextEncoder().encode(JSON.stringify(envelope)), { msgId: envelope.id });
  }

  const postsOf = async (browser: SiteClient) => (await (await browser.get('/api/posts')).json()) as PostBody[];
  const postOf = async (browser: SiteClient, id: string) => (await postsOf(browser)).find((post) => post.id === id);
  const changesOf = (postId: string) =>
    seen.flatMap((event) => (event.type === 'content.PostChanged' && event.data.postId === postId ? [event.data] : []));

  const inAnHour = () => new Date(Date.now() + HOUR).toISOString();
  const form = (overrides: Record<string, unknown> = {}) => ({
    content: 'Weekend sale: 20% off all trail shoes',
    platform: 'twitter',
    scheduledTime: inAnHour(),
    ...overrides,
  });
  const schedule = (browser: SiteClient, overrides: Record<string, unknown> = {}) =>
    browser.post('/api/auto-posting/schedule', form(overrides));
  const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

  describe('POST /api/auto-posting/schedule', () => {
    it('answers each field of the form with its own message', async () => {
      const { browser } = await professional();
      const cases: [Record<string, unknown>, string][] = [
        [{ content: 'too short' }, 'Content must be at least 10 characters'],
        [{ platform: 'tiktok' }, 'Please select a platform'],
        [{ platform: undefined }, 'Please select a platform'],
        [{ scheduledTime: '' }, 'Please select a time'],
        [{ scheduledTime: new Date(Date.now() - 2 * HOUR).toISOString() }, 'Please select a time in the future'],
        [
          { scheduledTime: 'next friday' },
          'Please select a valid time (ISO 8601 with a time zone, e.g. 2026-12-01T09:30:00Z)',
        ],
        [
          { content: `${'x'.repeat(270)} #a #b`, hashtags: ['c', 'd', 'e'] },
          'A X (Twitter) post can be at most 280 characters; this one has 286',
        ],
      ];
      for (const [overrides, message] of cases) {
        const response = await schedule(browser, overrides);
        expect(response.status, message).toBe(400);
        expect(await messageOf(response)).toBe(message);
      }
      expect(await postsOf(browser)).toEqual([]);
    });

    it('refuses the trial and the Starter plan with a 403 naming the plan needed', async () => {
      expect(AUTO_POSTING_PLAN_REQUIRED).toMatch(/Professional plan/);
      for (const { browser } of [await owner(), await starter()]) {
        const response = await schedule(browser);
        expect(response.status).toBe(403);
        expect(await messageOf(response)).toBe(AUTO_POSTING_PLAN_REQUIRED);
      }
    });

    it('saves a post pending review, or approved at once without it, to go out by itself at its time', async () => {
      const { browser, user } = await professional();
      const time = new Date(Date.now() + 2 * HOUR);
      const reviewed = await schedule(browser, {
        platform: 'instagram',
        scheduledTime: time.toISOString(),
        topic: 'shoes',
        hashtags: [' trail ', '#sale'],
      });
      expect(reviewed.status).toBe(201);
      const first = (await reviewed.json()) as { post: PostBody; quotaWarning: string | null };
      expect(first).toEqual({
        post: expect.objectContaining({
          platform: 'instagram',
          status: 'pending',
          content: 'Weekend sale: 20% off all trail shoes\n\n#trail #sale',
          autoPost: true,
          scheduledTime: time.toISOString(),
          isAiGenerated: false,
        }),
        // Publishing cannot tell (yet): no warning rather than no post.
        quotaWarning: null,
      });

      const direct = await schedule(browser, { requiresApproval: false, scheduledTime: time.toISOString() });
      expect(direct.status).toBe(201);
      const second = ((await direct.json()) as { post: PostBody }).post;
      expect(second).toMatchObject({ status: 'approved', autoPost: true, scheduledTime: time.toISOString() });

      // Scheduling hears of both, with their whole state; the approval is announced as before too.
      const state = { userId: user.id, autoPost: true, scheduledTime: time.toISOString(), postedTime: null };
      await expect
        .poll(() => changesOf(first.post.id))
        .toEqual([
          expect.objectContaining({ ...state, platform: 'instagram', status: 'pending', content: first.post.content }),
        ]);
      // (Scheduling, once it runs, may go on to queue it: only the first two changes are content's own.)
      await expect
        .poll(() =>
          changesOf(second.id)
            .map((change) => change.status)
            .slice(0, 2),
        )
        .toEqual(['pending', 'approved']);
      expect(changesOf(second.id)[1]).toMatchObject({ ...state, platform: 'twitter' });
      await expect
        .poll(() => seen.some((event) => event.type === 'content.PostApproved' && event.data.postId === second.id))
        .toBe(true);
    });
  });

  describe('a post’s autoPost', () => {
    it('follows its platform’s auto-post switch at creation, and is kept on approval', async () => {
      const { browser } = await owner();
      const platform = { enabled: true, autoPost: false, postTypes: [] };
      expect(
        (
          await browser.post('/api/brand-settings', {
            brandName: 'Corner Bakery',
            brandVoice: 'warm',
            defaultTone: 'friendly',
            platformSettings: {
              twitter: { ...platform, autoPost: true },
              instagram: platform,
              tiktok: platform,
              facebook: platform,
            },
          })
        ).status,
      ).toBe(200);
      const create = async (name: string) =>
        (await (
          await browser.post('/api/posts', { platform: name, content: 'Fresh rye bread every morning #bread #rye' })
        ).json()) as PostBody;
      const onX = await create('twitter');
      const onFacebook = await create('facebook');
      expect(onX).toMatchObject({ status: 'pending', autoPost: true, scheduledTime: null });
      expect(onFacebook).toMatchObject({ status: 'pending', autoPost: false });

      const approved = (await (await browser.post(`/api/posts/${onX.id}/approve`)).json()) as PostBody;
      expect(approved).toMatchObject({ status: 'approved', autoPost: true, scheduledTime: null });
      await expect
        .poll(() => changesOf(onX.id).at(-1))
        .toMatchObject({ status: 'approved', autoPost: true, scheduledTime: null });
    });
  });

  describe('a slot of the AI posting schedule', () => {
    const slotBrand = {
      brandName: 'Trail Co',
      brandVoice: 'adventurous',
      defaultTone: 'energetic',
      platformSettings: {
        twitter: { enabled: true, autoPost: true },
        instagram: { enabled: true, autoPost: false },
        tiktok: { enabled: false },
        facebook: { enabled: false },
      },
    };

    it('makes one post per enabled platform, approved where auto-post is on and the plan allows it, once', async () => {
      const { browser, user } = await professional('sk-test-slots-1234');
      expect((await browser.post('/api/brand-settings', slotBrand)).status).toBe(200);
      const slot = { slotId: `slot-${randomUUID()}`, slotTime: inAnHour(), platforms: [] };
      // Handled twice: the same slot reported again (a new event) must not make more posts.
      await publish('scheduling.SlotReached', user.id, slot);
      await publish('scheduling.SlotReached', user.id, slot);

      await expect.poll(async () => (await postsOf(browser)).length, { timeout: 10_000 }).toBe(2);
      // Let the second report be handled before counting again.
      const markerTime = new Date(Date.parse(slot.slotTime) + 60_000).toISOString();
      await publish('scheduling.SlotReached', user.id, {
        slotId: `${slot.slotId}-marker`,
        slotTime: markerTime,
        platforms: ['instagram'],
      });
      await expect.poll(async () => (await postsOf(browser)).length, { timeout: 10_000 }).toBe(3);
      const posts = (await postsOf(browser)).filter((post) => post.scheduledTime === slot.slotTime);
      const byPlatform = Object.fromEntries(posts.map((post) => [post.platform, post]));
      expect(Object.keys(byPlatform).sort()).toEqual(['instagram', 'twitter']);
      // Approved: it goes out by itself (scheduling, once it runs, may already have queued it).
      expect(['approved', 'scheduled']).toContain(byPlatform['twitter']!.status);
      expect(byPlatform['twitter']).toMatchObject({
        autoPost: true,
        isAiGenerated: true,
        scheduledTime: slot.slotTime,
      });
      expect(byPlatform['instagram']).toMatchObject({
        status: 'pending',
        autoPost: false,
        scheduledTime: slot.slotTime,
      });
      expect(JSON.stringify(fake.requests.at(-1))).toContain('Trail Co');
      // Counted against the plan's month like any AI post.
      expect(await (await browser.get('/api/content/usage')).json()).toMatchObject({ monthlyPostsUsed: 3 });
      await expect
        .poll(() =>
          changesOf(byPlatform['twitter']!.id)
            .map((change) => change.status)
            .slice(0, 2),
        )
        .toEqual(['pending', 'approved']);
    });

    it('leaves every post for review when the plan has no auto-posting', async () => {
      const { browser, user } = await owner('sk-test-slot-trial-1234');
      expect((await browser.post('/api/brand-settings', slotBrand)).status).toBe(200);
      await publish('scheduling.SlotReached', user.id, {
        slotId: 'trial-slot',
        slotTime: inAnHour(),
        platforms: ['twitter'],
      });
      await expect
        .poll(async () => (await postsOf(browser)).map((post) => [post.platform, post.status, post.autoPost]), {
          timeout: 10_000,
        })
        .toEqual([['twitter', 'pending', true]]);
    });

    it('reports a slot it could make no post for, and goes on with the next', async () => {
      const { browser, user } = await professional();
      const slotId = `slot-${randomUUID()}`;
      await publish('scheduling.SlotReached', user.id, {
        slotId,
        slotTime: inAnHour(),
        platforms: ['twitter', 'facebook'],
      });
      await expect
        .poll(() =>
          seen.flatMap((event) =>
            event.type === 'content.SlotGenerationFailed' && event.data.slotId === slotId ? [event.data] : [],
          ),
        )
        .toEqual([
          expect.objectContaining({
            userId: user.id,
            platform: 'twitter',
            reason: expect.stringContaining('API key not configured'),
          }),
          expect.objectContaining({
            userId: user.id,
            platform: 'facebook',
            reason: expect.stringContaining('API key not configured'),
          }),
        ]);
      expect(await postsOf(browser)).toEqual([]);

      // The key saved, the next slot makes its post.
      expect((await browser.post('/api/user/api-keys', { openaiApiKey: 'sk-test-next-1234' })).status).toBe(200);
      await publish('scheduling.SlotReached', user.id, {
        slotId: `${slotId}-next`,
        slotTime: inAnHour(),
        platforms: ['twitter'],
      });
      await expect.poll(async () => (await postsOf(browser)).length, { timeout: 10_000 }).toBe(1);
    });
  });

  describe('scheduling’s and publishing’s reports', () => {
    /**
     * An approved post without auto-post, so only the test's reports move it (scheduling, once it
     * runs, would queue an auto-post itself).
     */
    async function approvedPost() {
      const account = await owner();
      const created = await account.browser.post('/api/posts', {
        platform: 'twitter',
        content: 'Trail running season starts now! #running #trails',
      });
      const { id } = (await created.json()) as PostBody;
      const approved = await account.browser.post(`/api/posts/${id}/approve`);
      const post = (await approved.json()) as PostBody;
      expect(post).toMatchObject({ status: 'approved', autoPost: false });
      return { ...account, post };
    }
    const historyOf = async (browser: SiteClient, id: string) => {
      const response = await browser.post('/graphql', { query: '{ posts { id history { action at } } }' });
      const { data } = (await response.json()) as { data: { posts: { id: string; history: { action: string }[] }[] } };
      return data.posts.find((post) => post.id === id)!.history.map((entry) => entry.action);
    };

    it('move a post to scheduled, then posted with its time and link, and a late failure changes nothing', async () => {
      const { browser, user, post } = await approvedPost();
      const ref = { postId: post.id, platform: 'twitter' };
      await publish('scheduling.PostQueued', user.id, {
        ...ref,
        dueAt: inAnHour(),
        quotaWarning: 'X allows 17 posts a day; this one would be the 18th.',
        queuedAt: new Date().toISOString(),
      });
      await expect.poll(async () => (await postOf(browser, post.id))?.status).toBe('scheduled');
      expect(await postOf(browser, post.id)).toMatchObject({
        quotaWarning: 'X allows 17 posts a day; this one would be the 18th.',
      });

      const publishedAt = new Date().toISOString();
      const published = { ...ref, platformPostId: '1790', url: 'https://x.com/trailco/status/1790', publishedAt };
      await publish('publishing.PostPublished', user.id, published);
      await expect.poll(async () => (await postOf(browser, post.id))?.status).toBe('posted');
      expect(await postOf(browser, post.id)).toMatchObject({
        postedTime: publishedAt,
        platformUrl: 'https://x.com/trailco/status/1790',
      });

      // Late and repeated reports: posted stays posted, recorded once.
      await publish('publishing.PublishFailed', user.id, {
        ...ref,
        failureClass: 'unconfirmed',
        reason: 'No answer from X',
        failedAt: new Date().toISOString(),
      });
      await publish('scheduling.PostQueued', user.id, {
        ...ref,
        dueAt: inAnHour(),
        quotaWarning: null,
        queuedAt: new Date().toISOString(),
      });
      await publish('publishing.PostPublished', user.id, published);
      // A marker post's report, handled after them, says they have all been handled.
      const marker = await approvedPost();
      await publish('publishing.PostPublished', marker.user.id, { ...published, postId: marker.post.id });
      await expect.poll(async () => (await postOf(marker.browser, marker.post.id))?.status).toBe('posted');

      expect(await postOf(browser, post.id)).toMatchObject({ status: 'posted', failureReason: null });
      expect(await historyOf(browser, post.id)).toEqual(['created', 'approved', 'scheduled', 'posted']);
      await expect
        .poll(() => changesOf(post.id).map((change) => [change.status, change.postedTime]))
        .toEqual([
          ['pending', null],
          ['approved', null],
          ['scheduled', null],
          ['posted', publishedAt],
        ]);
    });

    it('move a post to failed with the platform’s reason', async () => {
      const { browser, user, post } = await approvedPost();
      await publish('publishing.PublishFailed', user.id, {
        postId: post.id,
        platform: 'twitter',
        failureClass: 'invalid_content',
        reason: 'Status is a duplicate.',
        failedAt: new Date().toISOString(),
      });
      await expect.poll(async () => (await postOf(browser, post.id))?.status).toBe('failed');
      expect(await postOf(browser, post.id)).toMatchObject({
        failureReason: 'Status is a duplicate.',
        postedTime: null,
      });
      expect(await historyOf(browser, post.id)).toEqual(['created', 'approved', 'failed']);
      await expect.poll(() => changesOf(post.id).at(-1)?.status).toBe('failed');
    });

    it('never touch another owner’s post', async () => {
      const { browser, post } = await approvedPost();
      const stranger = await owner();
      await publish('publishing.PostPublished', stranger.user.id, {
        postId: post.id,
        platform: 'twitter',
        platformPostId: '1',
        url: null,
        publishedAt: new Date().toISOString(),
      });
      const marker = await approvedPost();
      await publish('publishing.PublishFailed', marker.user.id, {
        postId: marker.post.id,
        platform: 'twitter',
        failureClass: 'transient',
        reason: 'Over capacity',
        failedAt: new Date().toISOString(),
      });
      await expect.poll(async () => (await postOf(marker.browser, marker.post.id))?.status).toBe('failed');
      expect((await postOf(browser, post.id))?.status).toBe('approved');
    });
  });
});

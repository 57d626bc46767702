import { randomUUID } from 'node:crypto';
import { expect, vi } from 'vitest';
import type { FakeGraph } from '../fakes/graph-server.js';
import type { FakeX } from '../fakes/x-server.js';
import { signUpOwner, type SiteClient } from './browser-client.js';
import { signedInAdmin } from './browser-owner.js';

export const FLOW_ADMIN = { email: 'master@brandloom.test', password: 'correct horse battery' };

/**
 * The settings a run of Brandloom needs for the auto-posting flow: the admin who upgrades the
 * owner, the fake platforms, and timers that poll far less often than the test waits, so a post
 * out on time shows the timers woke at its time rather than at a poll.
 */
export function autoPostingFlowEnv(x: FakeX, graph: FakeGraph): Record<string, string> {
  return {
    ADMIN_EMAIL: FLOW_ADMIN.email,
    ADMIN_PASSWORD: FLOW_ADMIN.password,
    X_API_BASE_URL: x.baseUrl,
    GRAPH_API_BASE_URL: graph.baseUrl,
    INSTAGRAM_DEFAULT_IMAGE_URL: 'https://cdn.example.com/brand.jpg',
    INSTAGRAM_CONTAINER_POLL_MS: '20',
    SCHEDULER_TICK_MS: '30000',
    SCHEDULER_LEASE_MS: '120000',
    SCHEDULER_LEASE_RENEW_MS: '40000',
    PUBLISH_POLL_MS: '60000',
  };
}

interface PostBody {
  id: string;
  platform: string;
  status: string;
  content: string;
  scheduledTime: string | null;
  postedTime: string | null;
  platformUrl: string | null;
}

const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;

/** A Professional owner with auto-posting on for X, Instagram and Facebook, connected to the fakes. */
export async function professionalOwnerConnectedTo(origin: string, x: FakeX, graph: FakeGraph): Promise<SiteClient> {
  const admin = await signedInAdmin(origin, FLOW_ADMIN.email, FLOW_ADMIN.password);
  const { browser } = await signUpOwner(origin);
  const me = await vi.waitFor(
    async () => {
      const user = await json<{ id: string; subscriptionStatus: string }>(await browser.get('/api/auth/user'));
      expect(user.subscriptionStatus).toBe('trial');
      return user;
    },
    { timeout: 10_000, interval: 50 },
  );
  expect((await admin.post(`/api/admin/users/${me.id}/action`, { action: 'upgrade' })).status).toBe(200);
  const switchedOn = {
    enabled: true,
    requireApproval: false,
    platforms: { twitter: true, instagram: true, facebook: true },
  };
  // Scheduling hears of the plan from billing's event a moment after the upgrade.
  await vi.waitFor(
    async () => expect((await browser.post('/api/auto-posting/settings', switchedOn)).status).toBe(200),
    { timeout: 10_000, interval: 100 },
  );
  const xAccount = x.addAccount('cornershop');
  const instagram = graph.addInstagramAccount('cornershop');
  const page = graph.addPage('Corner Shop');
  const saved = await browser.post('/api/user/api-keys', {
    twitterApiKey: xAccount.apiKey,
    twitterApiSecret: xAccount.apiSecret,
    twitterAccessToken: xAccount.accessToken,
    twitterAccessTokenSecret: xAccount.accessTokenSecret,
    instagramAccessToken: instagram.accessToken,
    instagramPageId: instagram.id,
    facebookAccessToken: page.accessToken,
    facebookPageId: page.id,
  });
  expect(saved.status).toBe(200);
  return browser;
}

/**
 * An owner's approved posts go out to X, Instagram and Facebook at their time, once each, and
 * read as posted with their time and link; a post still pending at its time does not go out and
 * shows as overdue. Runs against any Brandloom started with `autoPostingFlowEnv`.
 */
export async function approvedPostsGoOutAtTheirTime(origin: string, x: FakeX, graph: FakeGraph): Promise<void> {
  const owner = await professionalOwnerConnectedTo(origin, x, graph);
  const dueAt = new Date(Date.now() + 3_000);
  const tag = randomUUID().slice(0, 8);
  const texts = {
    twitter: `Fresh sourdough at nine, see you soon ${tag} #bakery #local`,
    instagram: `Cinnamon buns are back this week ${tag} #bakery #local #buns #fresh #morning`,
    facebook: `We are open late on Friday for the street market ${tag} #market`,
  };
  const scheduled = await Promise.all(
    (Object.keys(texts) as (keyof typeof texts)[]).map(async (platform) => {
      const response = await owner.post('/api/auto-posting/schedule', {
        platform,
        content: texts[platform],
        scheduledTime: dueAt.toISOString(),
        requiresApproval: false,
      });
      expect(response.status, await response.clone().text()).toBe(201);
      return (await json<{ post: PostBody }>(response)).post;
    }),
  );
  const waiting = await owner.post('/api/auto-posting/schedule', {
    platform: 'twitter',
    content: `This one waits for the owner's approval ${tag}`,
    scheduledTime: dueAt.toISOString(),
  });
  expect(waiting.status).toBe(201);
  const pending = (await json<{ post: PostBody }>(waiting)).post;
  expect(pending.status).toBe('pending');

  // Nothing goes out before its time.
  expect(x.posts.filter((post) => post.text.includes(tag))).toEqual([]);

  const posts = await vi.waitFor(
    async () => {
      const all = await json<PostBody[]>(await owner.get('/api/posts'));
      const mine = scheduled.map(({ id }) => all.find((post) => post.id === id)!);
      expect(mine.map((post) => post.status)).toEqual(['posted', 'posted', 'posted']);
      return mine;
    },
    { timeout: 20_000, interval: 100 },
  );
  const made = [
    ...x.posts.filter((post) => post.text === texts.twitter),
    ...graph.posts.filter((post) => post.text === texts.instagram || post.text === texts.facebook),
  ];
  // Once each, at its time: not before it, and well within a poll interval after it (the
  // timers poll every 30 s and 60 s here, so on time means they woke for the post).
  expect(made).toHaveLength(3);
  for (const post of made) {
    expect(post.at.getTime()).toBeGreaterThanOrEqual(dueAt.getTime());
    expect(post.at.getTime() - dueAt.getTime()).toBeLessThan(5_000);
  }
  for (const post of posts) {
    expect(Date.parse(post.postedTime!)).toBeGreaterThanOrEqual(dueAt.getTime());
    expect(post.platformUrl).toMatch(/^https:\/\//);
  }

  // The pending post stays unpublished and overdue in the queue.
  const queue = await json<{ id: string; status: string; overdue: boolean }[]>(await owner.get('/api/schedule/queue'));
  expect(queue.find((item) => item.id === pending.id)).toMatchObject({ status: 'pending', overdue: true });
  expect(x.posts.filter((post) => post.text.includes("owner's approval"))).toEqual([]);
}

import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { startAllInOne } from '@brandloom/gateway';
import { startFakeGraph } from '../tests/fakes/graph-server.js';
import { startFakeX, type FakeX } from '../tests/fakes/x-server.js';
import type { BenchResult } from './measure.js';

const POSTS = 1000;
const OWNERS = 20;
const WINDOW_MS = 60_000;
/** Time to schedule the 1,000 posts before the first is due (measured: well under half of it). */
const LEAD_MS = 60_000;
const GOAL_P99_MS = 1_000;
const ADMIN = { email: 'bench.admin@brandloom.test', password: 'correct horse battery' };

type Client = (path: string, body?: unknown) => Promise<Response>;

function client(origin: string, cookie = ''): Client {
  return (path, body) =>
    fetch(`${origin}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

async function signIn(origin: string, path: string, body: unknown): Promise<{ as: Client; id: string }> {
  const response = await client(origin)(path, body);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const cookie = response.headers.getSetCookie()[0]!.split(';')[0]!;
  const { id } = (await response.json()) as { id: string };
  return { as: client(origin, cookie), id };
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A Professional owner with auto-posting on for X and their own account on the fake X. */
async function professionalOwner(origin: string, admin: Client, x: FakeX, index: number): Promise<Client> {
  const owner = await signIn(origin, '/api/signup', {
    email: `bench.lag.${index}.${randomUUID()}@shop.test`,
    password: 'secret1',
  });
  await until(
    async () =>
      ((await (await owner.as('/api/auth/user')).json()) as { subscriptionStatus: string }).subscriptionStatus ===
      'trial',
    10_000,
    'the trial',
  );
  const upgrade = await admin(`/api/admin/users/${owner.id}/action`, { action: 'upgrade' });
  if (!upgrade.ok) throw new Error(`upgrade answered ${upgrade.status}`);
  const settings = {
    enabled: true,
    requireApproval: false,
    platforms: { twitter: true, instagram: false, facebook: false },
  };
  await until(
    async () => (await owner.as('/api/auto-posting/settings', settings)).ok,
    10_000,
    'the plan at scheduling',
  );
  const account = x.addAccount();
  await owner.as('/api/user/api-keys', {
    twitterApiKey: account.apiKey,
    twitterApiSecret: account.apiSecret,
    twitterAccessToken: account.accessToken,
    twitterAccessTokenSecret: account.accessTokenSecret,
  });
  return owner.as;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * 1,000 approved auto-posts of 20 owners due within one minute, scheduled through the REST path
 * and published by the real timers and publisher to a loopback fake X: how late each reaches X
 * after its time (p50, p99, max), against the goal of p99 within a second, and how many arrived.
 */
export async function fireLag(dir: string): Promise<BenchResult> {
  const [x, graph] = await Promise.all([startFakeX(), startFakeGraph()]);
  const server = await startAllInOne({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: join(dir, 'fire-lag'),
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    X_API_BASE_URL: x.baseUrl,
    GRAPH_API_BASE_URL: graph.baseUrl,
    X_POSTS_PER_DAY: '100000',
  });
  try {
    const admin = (await signIn(server.url, '/api/master-login', ADMIN)).as;
    const owners: Client[] = [];
    for (let i = 0; i < OWNERS; i++) owners.push(await professionalOwner(server.url, admin, x, i));

    const firstDue = Date.now() + LEAD_MS;
    const dueAt = new Map<string, number>();
    let next = 0;
    const scheduleOne = async () => {
      for (let i = next++; i < POSTS; i = next++) {
        const text = `Bench post ${i} ${randomUUID()}`;
        const at = firstDue + Math.floor((i * WINDOW_MS) / POSTS);
        dueAt.set(text, at);
        const response = await owners[i % OWNERS]!('/api/auto-posting/schedule', {
          platform: 'twitter',
          content: text,
          scheduledTime: new Date(at).toISOString(),
          requiresApproval: false,
        });
        if (response.status !== 201) throw new Error(`schedule answered ${response.status}: ${await response.text()}`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, scheduleOne));
    if (Date.now() >= firstDue) throw new Error('scheduling the posts took longer than the lead: raise LEAD_MS');

    await until(() => x.posts.length >= POSTS, LEAD_MS + WINDOW_MS + 60_000, 'every post at the fake X');
    await new Promise((resolve) => setTimeout(resolve, 2_000)); // a duplicate would arrive by now
    const lags = x.posts.map((post) => post.at.getTime() - dueAt.get(post.text)!).sort((a, b) => a - b);
    const [p50, p99, max] = [percentile(lags, 50), percentile(lags, 99), lags.at(-1)!];
    const early = lags.filter((lag) => lag < 0).length;
    return {
      name: `${POSTS.toLocaleString('en-US')} posts due in one minute: fire lag at X`,
      subject: `p50 ${p50} ms, p99 ${p99} ms, max ${max} ms`,
      baseline: `goal p99 ≤ ${GOAL_P99_MS} ms; ${x.posts.length} received, ${early} early`,
      ratio: GOAL_P99_MS / Math.max(1, p99),
    };
  } finally {
    await server.stop();
    await Promise.all([x.close(), graph.close()]);
  }
}

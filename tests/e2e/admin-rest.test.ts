import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteClient, type UserBody, signUpOwner } from '../support/browser-client.js';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import { userWithTrial } from '../support/trial.js';

const ADMIN_EMAIL = 'master@brandloom.test';
const ADMIN_PASSWORD = 'correct horse battery';

let server: TestServer;
let admin: SiteClient;
let adminId: string;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL, ADMIN_PASSWORD });
  admin = new SiteClient(server.url);
  const signedIn = await admin.post('/api/master-login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  adminId = ((await signedIn.json()) as UserBody).id;
});
afterAll(() => server?.dispose());

async function owner(): Promise<{ browser: SiteClient; user: UserBody; email: string }> {
  const { browser, email } = await signUpOwner(server.url);
  return { browser, user: await userWithTrial(browser), email };
}

const action = (client: SiteClient, userId: string, name: unknown) =>
  client.post(`/api/admin/users/${userId}/action`, { action: name });

interface AdminUser extends UserBody {
  trialDaysRemaining: number | null;
  totalPosts: number;
  monthlyPostsUsed: number;
  accountHistory: { action: string; by: string; at: string }[];
  planHistory: { action: string; by: string; at: string }[];
}
const listed = async (userId: string) =>
  ((await (await admin.get('/api/admin/users')).json()) as AdminUser[]).find((user) => user.id === userId)!;

describe('the admin paths', () => {
  it('answer 401 signed out, 403 to an owner and 200 to the master admin', async () => {
    const { browser } = await owner();
    const { user } = await owner();
    const signedOut = new SiteClient(server.url);
    const paths: [string, (client: SiteClient) => Promise<Response>][] = [
      ['GET /api/admin/stats', (client) => client.get('/api/admin/stats')],
      ['GET /api/admin/users', (client) => client.get('/api/admin/users')],
      ['POST action extend-trial', (client) => action(client, user.id, 'extend-trial')],
      ['POST action upgrade', (client) => action(client, user.id, 'upgrade')],
      ['POST action suspend', (client) => action(client, user.id, 'suspend')],
      ['POST action activate', (client) => action(client, user.id, 'activate')],
    ];
    for (const [name, call] of paths) {
      expect((await call(signedOut)).status, `${name} signed out`).toBe(401);
      expect((await call(browser)).status, `${name} as an owner`).toBe(403);
      expect((await call(admin)).status, `${name} as the admin`).toBe(200);
    }
  });

  it('refuse each admin field of the graph on its own to an owner (every subgraph checks)', async () => {
    const { browser, user } = await owner();
    const operations = [
      '{ planStats { paidUsers } }',
      '{ accountStats { totalUsers } }',
      '{ adminUsers { id } }',
      `mutation { adminPlanAction(userId: "${user.id}", action: "upgrade") { success } }`,
      `mutation { adminAccountAction(userId: "${user.id}", action: "suspend") { success } }`,
    ];
    for (const query of operations) {
      const response = await browser.post('/graphql', { query });
      const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
      expect(body.errors?.[0]?.extensions?.code, query).toBe('FORBIDDEN');
    }
  });

  it('list every user with subscription fields, and the stats across identity and billing', async () => {
    const { user, email } = await owner();
    expect(await listed(user.id)).toMatchObject({
      email,
      isActive: true,
      subscriptionStatus: 'trial',
      subscriptionTier: null,
      trialDaysRemaining: 7,
      accountHistory: [],
      planHistory: [],
    });
    const stats = (await (await admin.get('/api/admin/stats')).json()) as Record<string, number>;
    expect(Object.keys(stats).sort()).toEqual(
      [
        'activeUsers',
        'churnRate',
        'conversionRate',
        'monthlyRevenue',
        'paidUsers',
        'totalRevenue',
        'totalUsers',
        'trialUsers',
      ].sort(),
    );
    expect(stats['totalUsers']).toBeGreaterThanOrEqual(2);
    expect(stats['trialUsers']).toBeGreaterThanOrEqual(1);
  });
});

describe("a user's usage in the admin list", () => {
  it('counts the posts the user created, from the content service', async () => {
    const { browser, user } = await owner();
    expect(await listed(user.id)).toMatchObject({ totalPosts: 0, monthlyPostsUsed: 0 });
    const created = await browser.post('/api/posts', {
      content: 'Fresh sourdough out of the oven at 7am! #bread #local',
      platform: 'twitter',
      status: 'pending',
      isAiGenerated: true,
      topic: 'sourdough',
      tone: 'friendly',
      includeHashtags: true,
    });
    expect(created.status).toBe(201);
    await expect.poll(async () => (await listed(user.id)).totalPosts).toBe(1);
  });
});

describe('POST /api/admin/users/{id}/action', () => {
  it('extends a trial by 7 days and upgrades to Professional, each recorded with who did it', async () => {
    const { browser, user } = await owner();
    expect((await action(admin, user.id, 'extend-trial')).status).toBe(200);
    const extended = await listed(user.id);
    expect(Date.parse(extended.trialEndsAt) - Date.parse(user.trialEndsAt)).toBe(7 * 86_400_000);
    expect(extended.trialDaysRemaining).toBe(14);

    expect((await action(admin, user.id, 'upgrade')).status).toBe(200);
    const upgraded = await listed(user.id);
    expect(upgraded).toMatchObject({ subscriptionStatus: 'active', subscriptionTier: 'professional' });
    expect(upgraded.planHistory).toEqual([
      { action: 'extend-trial', by: adminId, at: expect.any(String) },
      { action: 'upgrade', by: adminId, at: expect.any(String) },
    ]);
    // The owner sees the change, and neither action applies any more.
    expect(await (await browser.get('/api/auth/user')).json()).toMatchObject({ subscriptionStatus: 'active' });
    expect((await action(admin, user.id, 'extend-trial')).status).toBe(409);
    expect((await action(admin, user.id, 'upgrade')).status).toBe(409);
  });

  it('refuses an unknown action, an unknown user, the admin itself and the master admin account', async () => {
    const { user } = await owner();
    for (const name of ['delete', '', 42, null]) {
      const response = await action(admin, user.id, name);
      expect(response.status, String(name)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/Unknown action/);
    }
    for (const name of ['extend-trial', 'upgrade', 'suspend', 'activate']) {
      expect((await action(admin, '00000000-0000-4000-8000-000000000000', name)).status, name).toBe(404);
      expect((await action(admin, 'not-a-user', name)).status, name).toBe(404);
      expect((await action(admin, adminId, name)).status, `${name} on oneself`).toBe(403);
    }
  });
});

describe('suspension', () => {
  it('ends the user’s live sessions at once and blocks sign-in until activated', async () => {
    const { browser, user, email } = await owner();
    const otherDevice = new SiteClient(server.url);
    expect((await otherDevice.post('/api/signin', { email, password: 'secret1' })).status).toBe(200);
    // Both sessions are live (and were just looked up by the gateway).
    expect((await browser.get('/api/auth/user')).status).toBe(200);
    expect((await otherDevice.get('/api/auth/user')).status).toBe(200);

    expect((await action(admin, user.id, 'suspend')).status).toBe(200);
    expect((await browser.get('/api/auth/user')).status).toBe(401);
    expect((await otherDevice.get('/api/auth/user')).status).toBe(401);
    const refused = await new SiteClient(server.url).post('/api/signin', { email, password: 'secret1' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'This account has been suspended. Please contact support.' });
    expect(await listed(user.id)).toMatchObject({ isActive: false });
    expect((await action(admin, user.id, 'suspend')).status).toBe(409);

    expect((await action(admin, user.id, 'activate')).status).toBe(200);
    const again = new SiteClient(server.url);
    expect((await again.post('/api/signin', { email, password: 'secret1' })).status).toBe(200);
    // The suspended sessions stay ended: activation does not bring them back.
    expect((await browser.get('/api/auth/user')).status).toBe(401);
    expect((await listed(user.id)).accountHistory).toEqual([
      { action: 'suspend', by: adminId, at: expect.any(String) },
      { action: 'activate', by: adminId, at: expect.any(String) },
    ]);
  });
});

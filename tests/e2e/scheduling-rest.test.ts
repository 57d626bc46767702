import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { subjectFor, SubscriptionChanged, type EventEnvelope } from '@brandloom/proto-events';
import { encodeEnvelope, openSqliteBus, openSqliteEventStore, type SqliteBus } from '@brandloom/runtime';
import { envelope, postChanged, postPublished, publishFailed } from '@brandloom/scheduling/testing';
import { SiteClient, signUpOwner, type UserBody } from '../support/browser-client.js';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import { userWithTrial } from '../support/trial.js';

const ADMIN_EMAIL = 'master@brandloom.test';
const ADMIN_PASSWORD = 'correct horse battery';

let server: TestServer;
let admin: SiteClient;
/** A second handle on the all-in-one's durable bus: other services' events go on it, scheduling's are read off it. */
let bus: SqliteBus;
const published: EventEnvelope[] = [];

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL, ADMIN_PASSWORD, SCHEDULER_TICK_MS: '50' });
  admin = new SiteClient(server.url);
  await admin.post('/api/master-login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  bus = openSqliteBus({ file: join(server.dataDir, 'bus.db'), pollIntervalMs: 20 });
  await bus.consume({ durable: 'scheduling-e2e-observer', subjects: ['events.scheduling.>'] }, async (message) => {
    published.push(JSON.parse(new TextDecoder().decode(message.data)) as EventEnvelope);
    await message.ack();
  });
});
afterAll(async () => {
  await bus?.close();
  await server?.dispose();
});

const publish = (event: EventEnvelope) =>
  bus.publish(subjectFor(event.type), encodeEnvelope(event), { msgId: event.id });
const put = (browser: SiteClient, path: string, body: unknown) => browser.request('PUT', path, body);
const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

async function owner(): Promise<{ browser: SiteClient; user: UserBody; email: string }> {
  const { browser, email } = await signUpOwner(server.url);
  return { browser, user: await userWithTrial(browser), email };
}

/** An owner on the Professional plan (the admin's upgrade), once scheduling has heard of it from billing. */
async function professionalOwner() {
  const signedUp = await owner();
  expect((await admin.post(`/api/admin/users/${signedUp.user.id}/action`, { action: 'upgrade' })).status).toBe(200);
  await vi.waitFor(
    async () => expect((await signedUp.browser.post('/api/auto-posting/settings', {})).status).toBe(200),
    { timeout: 10_000, interval: 50 },
  );
  return signedUp;
}

const form = {
  postsPerDay: 3,
  postingFrequency: 'every_3_hours',
  peakHours: ['09:00', '12:00', '17:00'],
  timezone: 'UTC',
};

describe('schedule settings', () => {
  it('answer the defaults until saved, then what was saved', async () => {
    const { browser } = await owner();
    expect(await json(await browser.get('/api/schedule-settings'))).toEqual({
      aiPostingEnabled: false,
      postsPerDay: 3,
      postingFrequency: 'every_3_hours',
      peakHours: ['09:00', '12:00', '17:00'],
      timezone: 'UTC',
      weekdaysOnly: false,
      postEveryDay: false,
      selectedDays: [],
      selectedDates: [],
      contentTopics: [],
    });
    const saved = await put(browser, '/api/schedule-settings', {
      ...form,
      postsPerDay: 5,
      timezone: 'America/New_York',
      selectedDates: ['2026-12-24'],
      contentTopics: ['winter sale'],
      startPostingNow: false,
      aiPostingEnabled: false,
    });
    expect(saved.status).toBe(200);
    expect(await json(await browser.get('/api/schedule-settings'))).toMatchObject({
      postsPerDay: 5,
      timezone: 'America/New_York',
      selectedDates: ['2026-12-24'],
      contentTopics: ['winter sale'],
    });
  });

  it('refuse each bad field with the form’s own message', async () => {
    const { browser } = await owner();
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ postsPerDay: 0 }, 'Posts per day must be a number from 1 to 20'],
      [{ postsPerDay: 21 }, 'Posts per day must be a number from 1 to 20'],
      [{ postsPerDay: 'three' }, 'Posts per day must be a number from 1 to 20'],
      [{ postsPerDay: undefined }, 'Posts per day must be a number from 1 to 20'],
      [{ postingFrequency: 'every_13_hours' }, /every_hour, every_2_hours … every_12_hours/],
      [{ peakHours: [] }, 'Select at least one peak hour'],
      [{ peakHours: '09:00' }, 'Select at least one peak hour'],
      [{ timezone: 'Mars/Olympus' }, /^Timezone must be one of UTC, America\/New_York/],
      [{ selectedDates: ['2026-02-30'] }, /YYYY-MM-DD/],
      [{ weekdaysOnly: 'yes' }, /weekdaysOnly/],
    ];
    for (const [change, message] of cases) {
      const response = await put(browser, '/api/schedule-settings', { ...form, ...change });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect((await json(response))['message'], JSON.stringify(change)).toMatch(message);
    }
  });
});

describe('the AI posting scheduler', () => {
  it('answers 400 to a toggle without a boolean enabled, and 403 naming the plan on the trial', async () => {
    const { browser } = await owner();
    for (const body of [{}, { enabled: 'yes' }, { enabled: null }, { enabled: 1 }]) {
      const response = await browser.post('/api/schedule-queue/toggle', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await json(response)).toEqual({ message: 'enabled must be true or false' });
    }
    const refused = await browser.post('/api/schedule-queue/toggle', { enabled: true });
    expect(refused.status).toBe(403);
    expect((await json(refused))['message']).toMatch(/needs the Professional plan or above/);
    // Stopping is always allowed.
    expect(await json(await browser.post('/api/schedule-queue/toggle', { enabled: false }))).toMatchObject({
      isRunning: false,
    });
  });

  it('starts on Professional, reaches a first slot at once with startNow, and says when it posts next', async () => {
    const { browser, user } = await professionalOwner();
    const started = await browser.post('/api/schedule-queue/toggle', { enabled: true, startNow: true });
    expect(started.status).toBe(200);
    const status = await json(started);
    expect(status).toMatchObject({ isRunning: true, postsScheduled: 0, postsToday: 0 });
    expect(Date.parse(status['nextPostTime'] as string)).toBeGreaterThan(Date.now());
    expect(await json(await browser.get('/api/schedule-settings'))).toMatchObject({ aiPostingEnabled: true });
    await vi.waitFor(() => {
      const slot = published.find((event) => event.type === 'scheduling.SlotReached' && event.tenantId === user.id);
      expect(slot?.data).toMatchObject({ userId: user.id, platforms: ['twitter', 'instagram', 'tiktok', 'facebook'] });
    });

    // The owner has no AI key, so content cannot make the slot's posts: the status says so in
    // content's words, and the scheduler runs on.
    await vi.waitFor(async () =>
      expect(await json(await browser.get('/api/schedule-queue/status'))).toMatchObject({
        isRunning: true,
        lastFailure: { reason: expect.stringMatching(/API key not configured/) },
      }),
    );
    expect(await json(await browser.post('/api/schedule-queue/toggle', { enabled: false }))).toMatchObject({
      isRunning: false,
    });
  });
});

describe('auto-posting settings', () => {
  it('answer the defaults, and 403 naming the plan on the trial and on Starter', async () => {
    const { browser, user } = await owner();
    expect(await json(await browser.get('/api/auto-posting/settings'))).toEqual({
      enabled: false,
      requireApproval: true,
      platforms: { twitter: false, instagram: false, facebook: false },
      schedule: { frequency: 'daily', times: ['09:00', '12:00', '18:00'], timezone: 'UTC' },
    });
    const onTrial = await browser.post('/api/auto-posting/settings', { enabled: true });
    expect(onTrial.status).toBe(403);
    expect((await json(onTrial))['message']).toMatch(/Auto-posting needs the Professional plan or above/);

    // Professional first, then billing says Starter: the answer turns from 200 to 403.
    expect((await admin.post(`/api/admin/users/${user.id}/action`, { action: 'upgrade' })).status).toBe(200);
    await vi.waitFor(async () => expect((await browser.post('/api/auto-posting/settings', {})).status).toBe(200), {
      timeout: 10_000,
    });
    const at = new Date().toISOString();
    await publish(
      envelope(
        SubscriptionChanged,
        {
          userId: user.id,
          tier: 'starter',
          status: 'active',
          trialEndsAt: null,
          currentPeriodEndsAt: null,
          changedAt: at,
        },
        at,
      ),
    );
    await vi.waitFor(
      async () => {
        const onStarter = await browser.post('/api/auto-posting/settings', { enabled: true });
        expect(onStarter.status).toBe(403);
        expect((await json(onStarter))['message']).toMatch(/Auto-posting needs the Professional plan or above/);
      },
      { timeout: 10_000 },
    );
    const toggle = await browser.post('/api/schedule-queue/toggle', { enabled: true });
    expect(toggle.status).toBe(403);
    expect((await json(toggle))['message']).toMatch(/Professional plan/);
  });

  it('are saved on Professional, with a 400 for an unknown frequency', async () => {
    const { browser } = await professionalOwner();
    const bad = await browser.post('/api/auto-posting/settings', { schedule: { frequency: 'monthly' } });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toEqual({ message: 'schedule.frequency must be hourly, daily or weekly' });
    const saved = await browser.post('/api/auto-posting/settings', {
      enabled: true,
      requireApproval: false,
      platforms: { twitter: true, instagram: false, facebook: true },
    });
    expect(saved.status).toBe(200);
    expect(await json(await browser.get('/api/auto-posting/settings'))).toMatchObject({
      enabled: true,
      requireApproval: false,
      platforms: { twitter: true, instagram: false, facebook: true },
    });
  });
});

describe('the queue and the statistics, fed by content’s and publishing’s events', () => {
  it('queue an approved auto-post, fire it at its time, count what publishing says and show pending posts overdue', async () => {
    const { browser, user } = await professionalOwner();
    await browser.post('/api/auto-posting/settings', { enabled: true, platforms: { twitter: true } });
    const [first, second, draft] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const now = Date.now();
    const post = {
      userId: user.id,
      platform: 'twitter' as const,
      autoPost: true,
      changedAt: new Date(now).toISOString(),
    };
    await publish(
      postChanged({
        ...post,
        postId: first,
        content: 'Fresh bread at 7',
        status: 'approved',
        scheduledTime: new Date(now + 1500).toISOString(),
      }),
    );
    await publish(
      postChanged({
        ...post,
        postId: second,
        content: 'Croissants today',
        status: 'approved',
        scheduledTime: new Date(now + 60 * 60_000).toISOString(),
      }),
    );
    await publish(
      postChanged({
        ...post,
        postId: draft,
        content: 'A draft',
        status: 'pending',
        scheduledTime: new Date(now - 60_000).toISOString(),
      }),
    );

    await vi.waitFor(async () =>
      expect(await json(await browser.get('/api/auto-posting/stats'))).toMatchObject({ totalScheduled: 2 }),
    );
    const queue = (await (await browser.get('/api/schedule/queue')).json()) as Record<string, unknown>[];
    expect(queue.map((item) => [item['id'], item['status'], item['overdue']])).toEqual([
      [draft, 'pending', true],
      [first, 'scheduled', false],
      [second, 'scheduled', false],
    ]);
    expect(queue[1]).toMatchObject({
      content: 'Fresh bread at 7',
      platform: 'twitter',
      quotaWarning: null,
      failureReason: null,
    });
    // Content hears of it (and shows the post scheduled) from the published PostQueued.
    await vi.waitFor(() =>
      expect(
        published.find(
          (event) => event.type === 'scheduling.PostQueued' && (event.data as { postId: string }).postId === first,
        )?.data,
      ).toMatchObject({ userId: user.id, platform: 'twitter', quotaWarning: null }),
    );

    // At its time it goes out to publishing, once.
    await vi.waitFor(
      () => {
        const due = published.filter(
          (event) => event.type === 'scheduling.PostDue' && (event.data as { postId: string }).postId === first,
        );
        expect(due.map((event) => event.data)).toEqual([
          expect.objectContaining({ content: 'Fresh bread at 7', platform: 'twitter' }),
        ]);
      },
      { timeout: 10_000 },
    );
    expect(
      published.some(
        (event) => event.type === 'scheduling.PostDue' && (event.data as { postId: string }).postId === second,
      ),
    ).toBe(false);

    await publish(postPublished(first, user.id, new Date().toISOString()));
    await publish(publishFailed(second, user.id, new Date().toISOString(), 'Status is a duplicate.'));
    await vi.waitFor(async () =>
      expect(await json(await browser.get('/api/auto-posting/stats'))).toEqual({
        totalScheduled: 0,
        totalPosted: 1,
        totalFailed: 1,
        successRate: 50,
        recentActivity: [{ date: new Date().toISOString().slice(0, 10), posted: 1, failed: 1 }],
      }),
    );
    expect(await json(await browser.get('/api/schedule-queue/status'))).toMatchObject({
      postsToday: 1,
      postsScheduled: 0,
    });
    const after = (await (await browser.get('/api/schedule/queue')).json()) as Record<string, unknown>[];
    expect(after.find((item) => item['id'] === second)).toMatchObject({
      status: 'failed',
      failureReason: 'Status is a duplicate.',
    });
    expect(after.find((item) => item['id'] === first)).toMatchObject({ status: 'posted', overdue: false });
  });

  it('hold a due post of a suspended account, and send it once the account is reactivated', async () => {
    const { browser, user, email } = await professionalOwner();
    await browser.post('/api/auto-posting/settings', { enabled: true, platforms: { twitter: true } });
    expect((await admin.post(`/api/admin/users/${user.id}/action`, { action: 'suspend' })).status).toBe(200);
    // Due in 3 s: the suspension reaches scheduling (through the bus) well before.
    const postId = crypto.randomUUID();
    const now = new Date().toISOString();
    const dueAt = new Date(Date.now() + 3000).toISOString();
    await publish(
      postChanged({
        postId,
        userId: user.id,
        platform: 'twitter',
        content: 'Weekend hours',
        status: 'approved',
        autoPost: true,
        scheduledTime: dueAt,
        changedAt: now,
      }),
    );
    // The owner is signed out while suspended: the hold is read from scheduling's own store.
    const store = openSqliteEventStore({ file: join(server.dataDir, 'scheduling.db') });
    try {
      await vi.waitFor(
        async () => {
          const timer = await store.readStream(`timer-${postId}`);
          expect(timer.map((event) => [event.type, (event.data as { reason?: string }).reason])).toEqual([
            ['scheduling.PostQueued', undefined],
            ['scheduling.PostHeld', 'The account is suspended'],
          ]);
        },
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      await store.close();
    }
    expect(
      published.some(
        (event) => event.type === 'scheduling.PostDue' && (event.data as { postId: string }).postId === postId,
      ),
    ).toBe(false);

    expect((await admin.post(`/api/admin/users/${user.id}/action`, { action: 'activate' })).status).toBe(200);
    await vi.waitFor(
      () => {
        const due = published.filter(
          (event) => event.type === 'scheduling.PostDue' && (event.data as { postId: string }).postId === postId,
        );
        expect(due).toHaveLength(1);
      },
      { timeout: 10_000 },
    );
    // Publishing takes it (this owner saved no X credentials, so X is never called) and the
    // queue shows the outcome, no longer held.
    const signedIn = new SiteClient(server.url);
    expect((await signedIn.post('/api/signin', { email, password: 'secret1' })).status).toBe(200);
    await vi.waitFor(
      async () =>
        expect(
          ((await (await signedIn.get('/api/schedule/queue')).json()) as Record<string, unknown>[])[0],
        ).toMatchObject({
          id: postId,
          status: 'failed',
          failureReason: expect.stringMatching(/No X credentials are saved/),
          heldReason: null,
        }),
      { timeout: 10_000, interval: 100 },
    );
  });
});

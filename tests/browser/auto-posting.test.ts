import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import type { SiteClient } from '../support/browser-client.js';
import { chromiumMissing, launchChromium } from '../support/browser.js';
import { ownerInBrowser, signedInAdmin } from '../support/browser-owner.js';
import { parseSchedulePost, emptySchedulePostForm } from '../../web/src/features/auto-posting/schedule-post-form.js';
import { platformAutoPosts, postAutoPosts } from '../../web/src/features/moderation/auto-post.js';
import { AUTO_POSTING_PLAN_REQUIRED } from '../../web/src/lib/plans.js';
import { startFakeX, type FakeX } from '../fakes/x-server.js';

const ADMIN_EMAIL = 'master@brandloom.test';
const ADMIN_PASSWORD = 'correct horse battery';

describe('the Schedule Post form (spec §5)', () => {
  const valid = {
    ...emptySchedulePostForm,
    platform: 'instagram',
    content: 'Weekend sale: 20% off every pair of running shoes',
    scheduledTime: '2026-12-01T09:30',
    hashtags: ' #sale, ,#shoes ',
  };
  const problem = (change: Partial<typeof valid>) => {
    const parsed = parseSchedulePost({ ...valid, ...change });
    return parsed.ok ? null : parsed.problem.message;
  };

  it('says one thing at a time, in the form order', () => {
    expect(problem({ platform: '', content: '', scheduledTime: '' })).toBe('Please select a platform');
    expect(problem({ platform: 'tiktok' })).toBe('Please select a platform');
    expect(problem({ content: '  too short ' })).toBe('Content must be at least 10 characters');
    expect(problem({ scheduledTime: '' })).toBe('Please select a time');
  });

  it('sends trimmed hashtags as a list, the picked local time as an instant, approval on by default', () => {
    const parsed = parseSchedulePost(valid);
    expect(parsed.ok && parsed.input).toEqual({
      platform: 'instagram',
      content: valid.content,
      scheduledTime: new Date('2026-12-01T09:30').toISOString(),
      topic: '',
      tone: 'friendly',
      hashtags: ['#sale', '#shoes'],
      requiresApproval: true,
    });
  });
});

describe("Moderation's auto-post note follows the platform switches and the plan", () => {
  const on = { enabled: true, autoPost: true };
  it('goes out by itself only on a plan with auto-posting, a publishable platform, enabled with auto-post', () => {
    expect(platformAutoPosts('twitter', on, true)).toBe(true);
    expect(platformAutoPosts('twitter', on, false)).toBe(false);
    expect(platformAutoPosts('tiktok', on, true)).toBe(false);
    expect(platformAutoPosts('twitter', { enabled: false, autoPost: true }, true)).toBe(false);
    expect(platformAutoPosts('twitter', { enabled: true, autoPost: false }, true)).toBe(false);
    // A post scheduled on Auto-Posting goes out by itself whatever the platform switch says.
    expect(postAutoPosts({ platform: 'facebook', autoPost: true }, undefined, true)).toBe(true);
    expect(postAutoPosts({ platform: 'facebook', autoPost: true }, undefined, false)).toBe(false);
  });
});

if (chromiumMissing) console.warn(`Browser tests skipped: ${chromiumMissing}`);

describe.skipIf(chromiumMissing !== null)('Auto-Posting in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: SiteClient;
  let x: FakeX;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    x = await startFakeX();
    server = await startTestServer({ ADMIN_EMAIL, ADMIN_PASSWORD, X_API_BASE_URL: x.baseUrl, PUBLISH_POLL_MS: '50' });
    browser = await launchChromium();
    admin = await signedInAdmin(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    await x?.close();
  });

  const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
  /** `datetime-local` for an hour from now, in the browser's (and this process's) timezone. */
  const inAnHour = () => {
    const at = new Date(Date.now() + 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  };

  it(
    'schedules a post that then waits in the Schedule Queue; settings saved; statistics start empty',
    {
      timeout: 60_000,
    },
    async () => {
      const { page, context } = await ownerInBrowser(browser, server.url, { upgradedBy: admin, consoleErrors });
      try {
        await page.goto('/auto-posting');
        await page.getByRole('tab', { name: 'Schedule Post' }).waitFor();
        expect(await page.getByRole('checkbox', { name: 'Require Approval' }).isChecked()).toBe(true);
        expect(await page.getByLabel('Tone').inputValue()).toBe('friendly');

        const submit = page.getByRole('button', { name: 'Schedule Post' });
        await submit.click();
        await page.getByText('Please select a platform').waitFor();
        await page.getByLabel('Platform').selectOption('twitter');
        await page.getByLabel('Content').fill('Too short');
        await submit.click();
        await page.getByText('Content must be at least 10 characters').waitFor();
        const content = `New arrivals are in store this week, come and see ${Date.now()}`;
        await page.getByLabel('Content').fill(content);
        await submit.click();
        await page.getByText('Please select a time').waitFor();
        await page.getByLabel('Scheduled time').fill(inAnHour());
        await page.getByLabel('Hashtags').fill('#new, #store');
        await submit.click();
        await toast(page, 'Post Scheduled');
        await page.getByText('Your post has been scheduled for auto-posting.').waitFor();
        expect(await page.getByLabel('Content').inputValue()).toBe('');

        // It waits for approval in the queue, an hour ahead.
        await page.goto('/schedule-queue');
        const item = page.getByTestId('queue-item').filter({ hasText: content });
        await item.waitFor({ timeout: 15_000 });
        await item.getByText(/In 0h 5\dm|In 1h 0m/).waitFor();
        await item.getByText('pending', { exact: true }).waitFor();

        await page.goto('/auto-posting');
        await page.getByRole('tab', { name: 'Settings' }).click();
        await page.getByText('Enable Auto-Posting').click();
        await page.getByText('Instagram').click();
        await page.getByRole('button', { name: 'Save Settings' }).click();
        await toast(page, 'Settings Updated');
        await page.getByText('Your auto-posting settings have been saved.').waitFor();
        await page.reload();
        await page.getByRole('tab', { name: 'Settings' }).click();
        await expect.poll(() => page.getByRole('checkbox', { name: 'Enable Auto-Posting' }).isChecked()).toBe(true);

        await page.getByRole('tab', { name: 'Statistics' }).click();
        await page.getByText('No recent activity to display').waitFor();
        await page.getByText('Recent Activity (Last 7 Days)').waitFor();
        expect(await page.getByTestId('stats-posted').textContent()).toBe('0');
        expect(await page.getByTestId('stats-failed').textContent()).toBe('0');
        expect(consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it('a trial owner cannot schedule: the plan is named, with the way to the plans', { timeout: 30_000 }, async () => {
    const { page, context } = await ownerInBrowser(browser, server.url);
    try {
      await page.goto('/auto-posting');
      await page.getByTestId('plan-needed').getByText(AUTO_POSTING_PLAN_REQUIRED).waitFor();
      await page.getByLabel('Platform').selectOption('facebook');
      await page.getByLabel('Content').fill('A post the free trial cannot schedule');
      await page.getByLabel('Scheduled time').fill(inAnHour());
      await page.getByRole('button', { name: 'Schedule Post' }).click();
      await toast(page, 'Error');
      await page.getByTestId('plan-needed').getByRole('link', { name: 'See plans' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it(
    'a scheduled post approved in Moderation goes out to X and shows as published with its link; a refused one shows why',
    {
      timeout: 60_000,
    },
    async () => {
      const { page, context } = await ownerInBrowser(browser, server.url, { upgradedBy: admin, consoleErrors });
      try {
        const account = x.addAccount('cornershop');
        const keys = await page.request.post('/api/user/api-keys', {
          data: {
            twitterApiKey: account.apiKey,
            twitterApiSecret: account.apiSecret,
            twitterAccessToken: account.accessToken,
            twitterAccessTokenSecret: account.accessTokenSecret,
          },
        });
        expect(keys.status()).toBe(200);
        const settings = await page.request.post('/api/auto-posting/settings', {
          data: {
            enabled: true,
            requireApproval: true,
            platforms: { twitter: true, instagram: false, facebook: false },
          },
        });
        expect(settings.status()).toBe(200);

        const content = `Fresh stock of trail shoes just landed ${Date.now()}`;
        const scheduledTime = new Date(Date.now() + 4_000).toISOString();
        const scheduled = await page.request.post('/api/auto-posting/schedule', {
          data: { platform: 'twitter', content, scheduledTime, requiresApproval: true },
        });
        expect(scheduled.status()).toBe(201);

        await page.goto('/moderation');
        const card = page.getByTestId('post-card').filter({ hasText: content });
        await card.getByText('Will auto-post after approval').waitFor();
        await card.getByTestId('scheduled-time').waitFor();
        await expect.poll(() => page.getByTestId('auto-post-twitter').getAttribute('data-on')).toBe('false');
        await card.getByRole('button', { name: 'Approve' }).click();
        await page.getByText('Post Approved', { exact: true }).first().waitFor();

        // Due a few seconds later: scheduling fires it, publishing posts it, content records it.
        await expect
          .poll(async () => (await page.request.get('/api/posts').then((r) => r.json())) as { status: string }[], {
            timeout: 20_000,
            interval: 250,
          })
          .toContainEqual(expect.objectContaining({ content, status: 'posted' }));
        const onX = x.posts.find((post) => post.text === content);
        expect(onX).toBeDefined();
        await page.reload();
        await page.getByRole('tab', { name: 'Published (1)' }).click();
        const published = page.getByRole('tabpanel', { name: 'Published (1)' }).getByTestId('post-card');
        await published.getByText(content).waitFor();
        expect(await published.getByRole('link', { name: /View on X/ }).getAttribute('href')).toContain(onX!.id);

        // X revokes the token: the next post fails, and All shows it with X's reason.
        x.expire(account.accessToken);
        const refused = `Second drop of trail shoes ${Date.now()}`;
        const direct = await page.request.post('/api/auto-posting/schedule', {
          data: {
            platform: 'twitter',
            content: refused,
            scheduledTime: new Date(Date.now() + 2_000).toISOString(),
            requiresApproval: false,
          },
        });
        expect(direct.status()).toBe(201);
        await expect
          .poll(async () => (await page.request.get('/api/posts').then((r) => r.json())) as { status: string }[], {
            timeout: 20_000,
            interval: 250,
          })
          .toContainEqual(expect.objectContaining({ content: refused, status: 'failed' }));
        await page.reload();
        await page.getByRole('tab', { name: /^All/ }).click();
        const failed = page.getByTestId('post-card').filter({ hasText: refused });
        await failed.getByText('Failed', { exact: true }).waitFor();
        await failed.getByText(/Publishing failed: .+/).waitFor();
        expect(consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

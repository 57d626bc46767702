import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import { chromiumMissing, launchChromium } from '../support/browser.js';
import { ownerInBrowser } from '../support/browser-owner.js';
import { startFakeX, type FakeX } from '../fakes/x-server.js';

if (chromiumMissing) console.warn(`Browser tests skipped: ${chromiumMissing}`);

describe.skipIf(chromiumMissing !== null)("API Settings' platform tabs in the browser", () => {
  let server: TestServer;
  let x: FakeX;
  let browser: Browser;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    x = await startFakeX();
    server = await startTestServer({ X_API_BASE_URL: x.baseUrl, PLATFORM_TIMEOUT_MS: '2000' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    await x?.close();
  });

  const toast = (page: Page, title: string, description: string | RegExp) =>
    Promise.all([
      page.getByText(title, { exact: true }).first().waitFor(),
      page.locator('[data-scope="toast"][data-part="description"]').filter({ hasText: description }).waitFor(),
    ]);

  it(
    'tests the X tab as typed against X, and shows the platform Connected once saved',
    { timeout: 60_000 },
    async () => {
      const { page, context } = await ownerInBrowser(browser, server.url, { consoleErrors });
      try {
        await page.goto('/api-settings');
        await page.getByRole('tab', { name: 'Twitter' }).click();
        const panel = page.getByRole('tabpanel', { name: 'Twitter' });
        const status = panel.getByTestId('platform-connection');
        await status.getByText('Disconnected').waitFor();
        await status.getByText('X (Twitter) credentials are not saved.').waitFor();

        await panel.getByRole('button', { name: 'Test Connection' }).click();
        await toast(page, 'Connection Failed', 'Enter your X (Twitter) credentials first.');

        const account = x.addAccount('cornershop');
        await panel.getByLabel('API Key', { exact: true }).fill(account.apiKey);
        await panel.getByLabel('API Secret', { exact: true }).fill('not-the-secret');
        await panel.getByLabel('Access Token', { exact: true }).fill(account.accessToken);
        await panel.getByLabel('Access Token Secret', { exact: true }).fill(account.accessTokenSecret);
        await panel.getByRole('button', { name: 'Test Connection' }).click();
        await toast(page, 'Connection Failed', /X refused the credentials/);

        await panel.getByLabel('API Secret', { exact: true }).fill(account.apiSecret);
        await panel.getByRole('button', { name: 'Test Connection' }).click();
        await toast(page, 'Connection Successful', 'Connected to X as @cornershop');

        await page.getByRole('button', { name: 'Save API Keys' }).click();
        await page.getByText('API Keys Updated', { exact: true }).first().waitFor();
        await status.getByText('Connected', { exact: true }).waitFor({ timeout: 10_000 });
        // The other platforms stay as they were.
        await page.getByRole('tab', { name: 'Facebook' }).click();
        await page.getByRole('tabpanel', { name: 'Facebook' }).getByText('Disconnected').waitFor();
        expect(consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

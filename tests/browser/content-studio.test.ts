import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import { uniqueEmail } from '../support/browser-client.js';
import { chromiumMissing, launchChromium } from '../support/browser.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server.js';

if (chromiumMissing) console.warn(`Browser tests skipped: ${chromiumMissing}`);

describe.skipIf(chromiumMissing !== null)('an owner in the content studio', () => {
  let server: TestServer;
  let fake: FakeOpenAi;
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    server = await startTestServer({ OPENAI_BASE_URL: fake.baseUrl });
    browser = await launchChromium();
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(8_000);
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    await fake?.close();
  });

  const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor();

  it('goes from sign-up to an approved and a rejected post', { timeout: 60_000 }, async () => {
    // Typed into before React adopts the prerendered form, the values could be lost.
    await page.goto('/signup', { waitUntil: 'networkidle' });
    await page.getByLabel('First name').fill('Ana');
    await page.getByLabel('Last name').fill('Silva');
    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm password').fill('secret1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Brand settings: name, a hashtag chip, save.
    await page.goto('/brand-settings');
    await page.getByLabel('Brand Name').fill('Corner Bakery');
    await page.getByLabel('New hashtag').fill('bread');
    await page.getByLabel('New hashtag').press('Enter');
    await page.getByRole('button', { name: 'Remove #bread' }).waitFor();
    await page.getByRole('button', { name: 'Save Brand Settings' }).click();
    await toast('Settings Updated');

    // API settings: save a key; it comes back masked.
    await page.getByRole('link', { name: 'Proceed to API Settings' }).click();
    await page.waitForURL('**/api-settings');
    await page.getByLabel('OpenAI API Key').fill('sk-test-browser-98765');
    await page.getByRole('button', { name: 'Save API Keys' }).click();
    await toast('API Keys Updated');
    expect(await page.getByLabel('OpenAI API Key').inputValue()).toBe('••••8765');
    await page.getByRole('button', { name: 'Test Connection' }).first().click();
    await toast('Connection Successful');

    // Test AI connection.
    await page.goto('/test-openai');
    await page.getByRole('button', { name: 'Test OpenAI Connection' }).click();
    await toast('OpenAI Test Successful');
    await page.getByLabel('Generated test content').waitFor();

    // Generate for two platforms and save both as drafts.
    await page.goto('/content-generator');
    expect(await page.getByRole('checkbox', { name: /TikTok/ }).count()).toBe(0);
    await page.getByLabel('Topic').fill('Fresh sourdough every morning');
    await page.getByRole('checkbox', { name: /Facebook/ }).click();
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Save as Draft' }).count(), { timeout: 10_000 }).toBe(2);
    for (let i = 0; i < 2; i++) {
      await page.getByRole('button', { name: 'Save as Draft' }).first().click();
      await toast('Saved as Draft');
      await expect.poll(() => page.getByRole('button', { name: 'Save as Draft' }).count()).toBe(1 - i);
    }
    await page.getByText(/AI posts this month: 2 \/ 10/).waitFor();

    // Moderation: approve one, reject the other.
    await page.goto('/moderation');
    await page.getByRole('tab', { name: 'Pending (2)' }).waitFor();
    await page.getByRole('button', { name: 'Approve' }).first().click();
    await toast('Post Approved');
    await page.getByRole('tab', { name: 'Pending (1)' }).waitFor();
    await page.getByRole('button', { name: 'Reject' }).first().click();
    await toast('Post Rejected');
    await page.getByRole('tab', { name: 'Pending (0)' }).waitFor();
    expect(await page.getByTestId('tile-approved').textContent()).toBe('1');
    expect(await page.getByTestId('tile-rejected').textContent()).toBe('1');
    await page.getByRole('tab', { name: 'Approved (1)' }).click();
    await page.getByRole('tabpanel', { name: 'Approved (1)' }).getByText('Post it manually').waitFor();

    expect(consoleErrors).toEqual([]);
  });
});

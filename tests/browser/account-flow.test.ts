import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import { uniqueEmail } from '../support/browser-client.js';
import { chromiumMissing, launchChromium } from '../support/browser.js';

if (chromiumMissing) console.warn(`Browser tests skipped: ${chromiumMissing}`);

const ADMIN_EMAIL = 'admin@brandloom.test';
const ADMIN_PASSWORD = 'correct horse battery';

describe.skipIf(chromiumMissing !== null)('an owner in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL, ADMIN_PASSWORD });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });
  beforeEach(async () => {
    context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
    consoleErrors.length = 0;
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });
  afterEach(async () => {
    await context.close();
  });

  async function signOut(choice: "Don't Save" | 'Save & Sign Out') {
    await page.getByRole('button', { name: 'Sign Out' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Save Settings Before Signing Out?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: choice }).click();
    await page.getByRole('link', { name: 'Start Free Trial' }).first().waitFor();
  }

  it('signs up from the landing page, sees the setup page, signs out, signs in again and out', async () => {
    const email = uniqueEmail();
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Free Trial' }).first().click();
    await page.waitForURL('**/signup');

    await page.getByLabel('First name').fill('Ana');
    await page.getByLabel('Last name').fill('Silva');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm password').fill('secret1');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.getByText('Account created successfully! Welcome to your 7-day free trial.').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await expectSetupPage(page);
    expect(await page.getByRole('link', { name: 'Master Admin' }).count()).toBe(0);

    await signOut('Save & Sign Out');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);

    await page.goto('/signin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Signed in successfully!').waitFor();
    await expectSetupPage(page);

    await signOut("Don't Save");
    expect(consoleErrors).toEqual([]);
  });

  it('shows the form messages before anything reaches the server', async () => {
    // The prerendered form submits natively if clicked before React adopts it; under load that
    // window is long enough to hit, so wait until the page has settled.
    await page.goto('/signup', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Please fill in all required fields').first().waitFor();

    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm password').fill('secret2');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Passwords do not match').waitFor();

    await page.goto('/signin', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Please fill in all fields').first().waitFor();
  });

  it('shows the server message for a wrong password', async () => {
    await page.goto('/signin');
    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email or password').first().waitFor();
  });

  it('lets the master admin in at /master-login, with the Master Admin link', async () => {
    await page.goto('/master-login');
    await page.getByLabel('Admin email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Login successful').waitFor();
    await page.getByRole('link', { name: 'Master Admin' }).waitFor();
  });

  it('shows the not-found page for an unknown path when signed in, and the menu on a phone', async () => {
    await page.goto('/signup');
    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm password').fill('secret1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectSetupPage(page);

    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();

    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Schedule Queue' }).waitFor();
    await menu.getByRole('link', { name: 'Analytics Hub' }).waitFor();
  });
});

async function expectSetupPage(page: Page) {
  await page.getByText('25%').first().waitFor();
  for (const link of [
    'Get Started',
    'Brand Settings',
    'API Settings',
    'Schedule Queue',
    'Plans & Pricing',
    'Support',
  ]) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).first().waitFor();
  }
}

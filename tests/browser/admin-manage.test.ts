import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import { SiteClient, uniqueEmail } from '../support/browser-client.js';
import { userWithTrial } from '../support/trial.js';
import { chromiumMissing, launchChromium } from '../support/browser.js';

if (chromiumMissing) console.warn(`Browser tests skipped: ${chromiumMissing}`);

const ADMIN_EMAIL = 'master@brandloom.test';
const ADMIN_PASSWORD = 'correct horse battery';

describe.skipIf(chromiumMissing !== null)('the master admin in the browser', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL, ADMIN_PASSWORD });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('suspends a user, whose session ends at once, and activates them again', async () => {
    const owner = new SiteClient(server.url);
    const email = uniqueEmail();
    expect(
      (await owner.post('/api/signup', { firstName: 'Ana', lastName: 'Silva', email, password: 'secret1' })).status,
    ).toBe(201);
    await userWithTrial(owner);

    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      expect(
        (
          await page.request.post('/api/master-login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })
        ).status(),
      ).toBe(200);
      await page.goto('/admin');
      await page.getByText('Master Admin', { exact: true }).first().waitFor();
      await page.getByText('Total Users').waitFor();
      const row = page.getByTestId(`user-row-${email}`);
      await row.getByText('Active').waitFor();

      await row.getByRole('button', { name: 'Manage' }).click();
      const modal = page.getByRole('dialog', { name: `Manage ${email}` });
      await modal.getByText('Subscription', { exact: true }).waitFor();
      // Only the actions that apply: in a trial and active, so no Activate.
      expect(await modal.getByRole('button', { name: 'Activate' }).count()).toBe(0);
      await modal.getByRole('button', { name: 'Extend Trial' }).waitFor();
      await modal.getByRole('button', { name: 'Suspend' }).click();
      await modal.waitFor({ state: 'hidden' });
      await row.getByText('Suspended').waitFor();
      expect((await owner.get('/api/auth/user')).status).toBe(401);

      await row.getByRole('button', { name: 'Manage' }).click();
      await modal.getByText('Suspended', { exact: false }).first().waitFor();
      await modal.getByTestId('account-history').getByText('Suspended').waitFor();
      expect(await modal.getByRole('button', { name: 'Suspend' }).count()).toBe(0);
      await modal.getByRole('button', { name: 'Activate' }).click();
      await modal.waitFor({ state: 'hidden' });
      await row.getByText('Active').waitFor();
      expect((await new SiteClient(server.url).post('/api/signin', { email, password: 'secret1' })).status).toBe(200);
    } finally {
      await context.close();
    }
  });
});

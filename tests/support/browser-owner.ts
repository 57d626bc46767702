import { expect, vi } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SiteClient, uniqueEmail, type UserBody } from './browser-client.js';

export interface OwnerInBrowser {
  context: BrowserContext;
  page: Page;
  user: UserBody;
}

/**
 * A new owner signed in in a fresh browser context, once billing has started their trial. With
 * an admin, the master admin upgrades them to Professional first (the plan with auto-posting).
 * Console errors of the page are collected in `consoleErrors`.
 */
export async function ownerInBrowser(
  browser: Browser,
  origin: string,
  options: { upgradedBy?: SiteClient; consoleErrors?: string[] } = {},
): Promise<OwnerInBrowser> {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(8_000);
  page.on('console', (message) => {
    if (message.type() === 'error') options.consoleErrors?.push(message.text());
  });
  const signUp = await page.request.post('/api/signup', {
    data: { firstName: 'Ana', lastName: 'Silva', email: uniqueEmail(), password: 'secret1' },
  });
  expect(signUp.status()).toBe(201);
  let user: UserBody | undefined;
  await vi.waitFor(
    async () => {
      user = (await (await page.request.get('/api/auth/user')).json()) as UserBody;
      expect(user.subscriptionStatus).toBe('trial');
    },
    { timeout: 10_000, interval: 50 },
  );
  if (options.upgradedBy) {
    const upgrade = await options.upgradedBy.post(`/api/admin/users/${user!.id}/action`, { action: 'upgrade' });
    expect(upgrade.status).toBe(200);
    await vi.waitFor(
      async () => {
        user = (await (await page.request.get('/api/auth/user')).json()) as UserBody;
        expect(user.subscriptionTier).toBe('professional');
      },
      { timeout: 10_000, interval: 50 },
    );
    // The services hear of the plan from billing's event a moment later: saving the auto-posting
    // settings unchanged is refused (403) until scheduling has.
    const settings: unknown = await (await page.request.get('/api/auto-posting/settings')).json();
    await vi.waitFor(
      async () =>
        expect((await page.request.post('/api/auto-posting/settings', { data: settings })).status()).toBe(200),
      { timeout: 10_000, interval: 100 },
    );
  }
  return { context, page, user: user! };
}

/** The master admin's browser, signed in. */
export async function signedInAdmin(origin: string, email: string, password: string): Promise<SiteClient> {
  const admin = new SiteClient(origin);
  const response = await admin.post('/api/master-login', { email, password });
  expect(response.status).toBe(200);
  return admin;
}

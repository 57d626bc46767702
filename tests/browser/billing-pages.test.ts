import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import { SiteClient, uniqueEmail } from '../support/browser-client.js';
import { chromiumMissing, launchChromium } from '../support/browser.js';
import { FakeStripe } from '../fakes/stripe-server.js';

const ADMIN_EMAIL = 'master@brandloom.test';
const ADMIN_PASSWORD = 'correct horse battery';

if (chromiumMissing) console.warn(`Browser tests skipped: ${chromiumMissing}`);

describe.skipIf(chromiumMissing !== null)('plans and subscription in the browser', () => {
  let stripe: FakeStripe;
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    stripe = await new FakeStripe().start();
    server = await startTestServer({ ...stripe.env(), ADMIN_EMAIL, ADMIN_PASSWORD });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    await stripe?.stop();
  });
  beforeEach(async () => {
    context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    // No internet here: Stripe's script and Checkout are stood in for, or refused, explicitly.
    await context.route('https://js.stripe.com/**', (route) => route.abort());
    await context.route('https://checkout.stripe.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Stripe Checkout</title><h1>Checkout</h1>' }),
    );
    page = await context.newPage();
    const signUp = await page.request.post('/api/signup', {
      data: { firstName: 'Ana', lastName: 'Silva', email: uniqueEmail(), password: 'secret1' },
    });
    expect(signUp.status()).toBe(201);
  });
  afterEach(async () => {
    await context.close();
  });

  it('plans page: the monthly/yearly toggle changes the prices, and a plan goes to Stripe Checkout', async () => {
    await page.goto('/plans');
    await page.getByText('Save 20%').waitFor();
    const price = (tier: string) => page.getByTestId(`plan-${tier}`).getByTestId('plan-price');
    expect(await price('starter').textContent()).toBe('$29');
    expect(await price('agency').textContent()).toBe('$249');

    await page.getByText('Yearly', { exact: true }).waitFor();
    await page
      .locator('label')
      .filter({ has: page.getByRole('checkbox', { name: 'Bill yearly' }) })
      .click();
    await page.getByText('Billed $290 yearly · Save $58').waitFor();
    expect(await price('starter').textContent()).toBe('$24');
    expect(await price('professional').textContent()).toBe('$58');
    expect(await price('enterprise').textContent()).toBe('$108');
    expect(await price('agency').textContent()).toBe('$208');
    await page.getByText('TikTok is content creation only', { exact: false }).waitFor();
    await page.getByText('Our honest promise').waitFor();

    await page.getByRole('button', { name: 'Choose Professional' }).click();
    await page.waitForURL('https://checkout.stripe.com/**');
    const session = [...stripe.checkoutSessions.values()].at(-1)!;
    expect(session['line_items']).toEqual([{ price: 'price_professional_yearly', quantity: '1' }]);
    expect(session['success_url']).toBe(`${server.url}/subscription?success=true`);
  });

  it('subscription page in trial: plan, days left, the Pro card up to the client secret, and the ?success=true return', async () => {
    await page.goto('/subscription');
    await expect.poll(() => page.getByTestId('current-plan').textContent(), { timeout: 10_000 }).toBe('Free Trial');
    expect(await page.getByTestId('trial-days').textContent()).toBe('7');
    await page.getByText('$49/month').waitFor();

    const intents = stripe.paymentIntents.size;
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.getByText('The card form cannot load right now').waitFor();
    expect(stripe.paymentIntents.size).toBe(intents + 1);
    expect([...stripe.paymentIntents.values()].at(-1)!['amount']).toBe(4900);

    await page.goto('/subscription?success=true');
    await page.getByRole('heading', { name: 'Welcome to Pro!' }).waitFor();
    await page.getByText('Payment Successful!').waitFor();
  });

  it('subscription page for an active subscriber: billing info, cancel with confirmation, then No Active Plan', async () => {
    const me = (await (await page.request.get('/api/auth/user')).json()) as { id: string };
    const admin = new SiteClient(server.url);
    expect((await admin.post('/api/master-login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
    await expect
      .poll(async () => (await admin.post(`/api/admin/users/${me.id}/action`, { action: 'upgrade' })).status)
      .toBe(200);

    await page.goto('/subscription');
    await expect.poll(() => page.getByTestId('current-plan').textContent(), { timeout: 10_000 }).toBe('Professional');
    await page.getByText('Next billing date').waitFor();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText('Subscription Cancelled').waitFor();
    await page.getByTestId('no-active-plan').getByText('No Active Plan').waitFor();
    await page.getByTestId('no-active-plan').getByText('Expired').waitFor();
  });
});

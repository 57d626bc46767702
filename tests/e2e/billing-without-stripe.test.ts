import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteClient, uniqueEmail } from '../support/browser-client.js';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import { userWithTrial } from '../support/trial.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.dispose());

describe('a server without Stripe settings', () => {
  it('answers the payment paths with a clear 503, and the rest of the product works', async () => {
    const browser = new SiteClient(server.url);
    const signUp = await browser.post('/api/signup', {
      firstName: 'Ana',
      lastName: 'Silva',
      email: uniqueEmail(),
      password: 'secret1',
    });
    expect(signUp.status).toBe(201);
    const user = await userWithTrial(browser);
    expect(user.subscriptionStatus).toBe('trial');

    const paths: [string, unknown][] = [
      ['/api/create-payment-intent', { amount: 49 }],
      ['/api/create-subscription', { planId: 'starter', priceId: 'monthly' }],
    ];
    for (const [path, body] of paths) {
      const response = await browser.post(path, body);
      expect(response.status, path).toBe(503);
      expect(((await response.json()) as { message: string }).message).toMatch(/Stripe is not configured/);
    }
    const webhook = await fetch(new URL('/api/stripe/webhook', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: '{}',
    });
    expect(webhook.status).toBe(503);
  });

  it('serves the plans table of the plans page', async () => {
    const response = await fetch(new URL('/graphql', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({
        query:
          '{ plans { id monthlyPrice yearlyPrice yearlyPricePerMonth yearlySavings monthlyPostLimit } stripePublishableKey }',
      }),
    });
    const { data } = (await response.json()) as { data: { plans: unknown[]; stripePublishableKey: string | null } };
    expect(data.stripePublishableKey).toBeNull();
    expect(data.plans).toEqual([
      {
        id: 'starter',
        monthlyPrice: 29,
        yearlyPrice: 290,
        yearlyPricePerMonth: 24,
        yearlySavings: 58,
        monthlyPostLimit: 50,
      },
      {
        id: 'professional',
        monthlyPrice: 69,
        yearlyPrice: 690,
        yearlyPricePerMonth: 58,
        yearlySavings: 138,
        monthlyPostLimit: 200,
      },
      {
        id: 'enterprise',
        monthlyPrice: 129,
        yearlyPrice: 1290,
        yearlyPricePerMonth: 108,
        yearlySavings: 258,
        monthlyPostLimit: 500,
      },
      {
        id: 'agency',
        monthlyPrice: 249,
        yearlyPrice: 2490,
        yearlyPricePerMonth: 208,
        yearlySavings: 498,
        monthlyPostLimit: null,
      },
    ]);
  });
});

describe('the content security policy', () => {
  it('lets in nothing of Stripe without STRIPE_PUBLISHABLE_KEY', async () => {
    const policy = (await fetch(new URL('/', server.url))).headers.get('content-security-policy')!;
    expect(policy).not.toContain('stripe');
    expect(policy).toContain("script-src 'self';");
  });
});

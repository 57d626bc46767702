import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteClient, type UserBody, signUpOwner } from '../support/browser-client.js';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import { userWithTrial } from '../support/trial.js';
import { FakeStripe } from '../fakes/stripe-server.js';

const ADMIN_EMAIL = 'billing-admin@brandloom.test';
const ADMIN_PASSWORD = 'correct horse battery';
const DAY = 86_400_000;

let stripe: FakeStripe;
let server: TestServer;
beforeAll(async () => {
  stripe = await new FakeStripe().start();
  server = await startTestServer({ ...stripe.env(), ADMIN_EMAIL, ADMIN_PASSWORD });
});
afterAll(async () => {
  await server?.dispose();
  await stripe?.stop();
});

async function owner(): Promise<{ browser: SiteClient; user: UserBody }> {
  const { browser } = await signUpOwner(server.url);
  return { browser, user: await userWithTrial(browser) };
}

const me = async (browser: SiteClient) => (await (await browser.get('/api/auth/user')).json()) as UserBody;

/** A webhook delivery from outside: no cookies and no Origin, as Stripe's servers send it. */
const deliver = (delivery: { payload: string; signature: string }) =>
  fetch(new URL('/api/stripe/webhook', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature },
    body: delivery.payload,
  });

async function checkout(browser: SiteClient, planId: string, priceId: string) {
  const response = await browser.post('/api/create-subscription', { planId, priceId });
  expect(response.status).toBe(200);
  const { checkoutUrl } = (await response.json()) as { checkoutUrl: string };
  const sessionId = checkoutUrl.split('/').pop()!;
  return { checkoutUrl, session: stripe.checkoutSessions.get(sessionId)!, sessionId };
}

describe('POST /api/create-payment-intent', () => {
  it('answers a client secret for the Pro card at $49, with one Stripe customer per user', async () => {
    const { browser, user } = await owner();
    const first = await browser.post('/api/create-payment-intent', { amount: 49 });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ clientSecret: expect.stringMatching(/^pi_.*_secret_/) });
    expect((await browser.post('/api/create-payment-intent', { amount: 49 })).status).toBe(200);

    const intents = [...stripe.paymentIntents.values()].filter(
      (intent) => (intent['metadata'] as Record<string, string>)['userId'] === user.id,
    );
    expect(intents.map((intent) => intent['amount'])).toEqual([4900, 4900]);
    const customers = [...stripe.customers.values()].filter(
      (c) => (c['metadata'] as Record<string, string>)['userId'] === user.id,
    );
    expect(customers).toHaveLength(1);
    expect(new Set(intents.map((intent) => intent['customer']))).toEqual(new Set([customers[0]!['id']]));
  });

  it('refuses an amount that does not match the plan, and a visitor who is signed out', async () => {
    const { browser } = await owner();
    for (const amount of [50, 0, '49', null]) {
      const response = await browser.post('/api/create-payment-intent', { amount });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/amount/);
    }
    expect((await new SiteClient(server.url).post('/api/create-payment-intent', { amount: 49 })).status).toBe(401);
  });
});

describe('POST /api/create-subscription', () => {
  it('answers the address of a Checkout Session for the plan and period, returning to /subscription?success=true', async () => {
    const { browser, user } = await owner();
    const { checkoutUrl, session } = await checkout(browser, 'enterprise', 'yearly');
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(session['mode']).toBe('subscription');
    expect(session['success_url']).toBe(`${server.url}/subscription?success=true`);
    expect(session['line_items']).toEqual([{ price: 'price_enterprise_yearly', quantity: '1' }]);
    expect(session['subscription_data']).toEqual({
      metadata: { userId: user.id, tier: 'enterprise', period: 'yearly' },
    });
  });

  it('refuses an unknown plan or period with a 400', async () => {
    const { browser } = await owner();
    const plan = await browser.post('/api/create-subscription', { planId: 'platinum', priceId: 'monthly' });
    expect(plan.status).toBe(400);
    expect(((await plan.json()) as { message: string }).message).toMatch(/Unknown plan/);
    const period = await browser.post('/api/create-subscription', { planId: 'starter', priceId: 'weekly' });
    expect(period.status).toBe(400);
    expect(((await period.json()) as { message: string }).message).toMatch(/Unknown billing period/);
  });
});

describe('the Stripe webhook', () => {
  it('activates the plan paid at Checkout, verified on the raw body', async () => {
    const { browser } = await owner();
    const { sessionId } = await checkout(browser, 'enterprise', 'monthly');
    const periodEnd = new Date(Date.now() + 30 * DAY);
    stripe.completeCheckout(sessionId, periodEnd);
    const event = stripe.signedEvent('checkout.session.completed', stripe.checkoutSessions.get(sessionId)!);
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(await me(browser)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionTier: 'enterprise',
      subscriptionEndsAt: new Date(Math.floor(periodEnd.getTime() / 1000) * 1000).toISOString(),
    });
  });

  it('activates the plan when the subscription is created, before any Checkout event', async () => {
    const { browser } = await owner();
    const { sessionId } = await checkout(browser, 'starter', 'yearly');
    const subscription = stripe.completeCheckout(sessionId, new Date(Date.now() + 365 * DAY));
    expect((await deliver(stripe.signedEvent('customer.subscription.created', subscription))).status).toBe(200);
    expect(await me(browser)).toMatchObject({ subscriptionStatus: 'active', subscriptionTier: 'starter' });
  });

  it('renews the period when an invoice is paid', async () => {
    const { browser } = await owner();
    const { sessionId } = await checkout(browser, 'professional', 'monthly');
    const subscription = stripe.completeCheckout(sessionId, new Date(Date.now() + 30 * DAY));
    expect(
      (await deliver(stripe.signedEvent('checkout.session.completed', stripe.checkoutSessions.get(sessionId)!))).status,
    ).toBe(200);

    // A month later Stripe charges again and moves the period on.
    const renewedEnd = new Date(Math.floor((Date.now() + 60 * DAY) / 1000) * 1000);
    subscription.items.data[0]!.current_period_end = renewedEnd.getTime() / 1000;
    const paid = stripe.signedEvent('invoice.paid', {
      id: 'in_fake_renewal',
      object: 'invoice',
      amount_paid: 6900,
      parent: { subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
    });
    expect((await deliver(paid)).status).toBe(200);
    expect(await me(browser)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionTier: 'professional',
      subscriptionEndsAt: renewedEnd.toISOString(),
    });
  });

  it('activates the promotional Pro plan when the $49 payment intent succeeds', async () => {
    const { browser, user } = await owner();
    expect((await browser.post('/api/create-payment-intent', { amount: 49 })).status).toBe(200);
    const intent = [...stripe.paymentIntents.values()].at(-1)!;
    expect(intent['metadata']).toEqual({
      userId: user.id,
      tier: 'professional',
      period: 'monthly',
      promotional: 'true',
    });
    const succeeded = stripe.signedEvent('payment_intent.succeeded', { ...intent, status: 'succeeded' });
    expect((await deliver(succeeded)).status).toBe(200);
    expect(await me(browser)).toMatchObject({ subscriptionStatus: 'active', subscriptionTier: 'professional' });
  });

  it('ends the plan when a failed payment leaves the subscription unpaid at Stripe', async () => {
    const { browser } = await owner();
    const { sessionId } = await checkout(browser, 'starter', 'monthly');
    const subscription = stripe.completeCheckout(sessionId, new Date(Date.now() + 30 * DAY));
    expect(
      (await deliver(stripe.signedEvent('checkout.session.completed', stripe.checkoutSessions.get(sessionId)!))).status,
    ).toBe(200);
    expect(await me(browser)).toMatchObject({ subscriptionStatus: 'active', subscriptionTier: 'starter' });

    subscription.status = 'unpaid';
    const failed = stripe.signedEvent('invoice.payment_failed', {
      id: 'in_fake_failed',
      object: 'invoice',
      subscription: subscription.id,
    });
    expect((await deliver(failed)).status).toBe(200);
    expect(await me(browser)).toMatchObject({ subscriptionStatus: 'expired' });
  });

  it('answers 400 to a bad or stale signature and changes nothing', async () => {
    const { browser } = await owner();
    const { sessionId } = await checkout(browser, 'starter', 'monthly');
    stripe.completeCheckout(sessionId, new Date(Date.now() + 30 * DAY));
    const session = stripe.checkoutSessions.get(sessionId)!;
    const forged = stripe.signedEvent('checkout.session.completed', session, { secret: 'whsec_someone_else' });
    const stale = stripe.signedEvent('checkout.session.completed', session, {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const tampered = stripe.signedEvent('checkout.session.completed', session);
    for (const delivery of [
      forged,
      stale,
      { ...tampered, payload: tampered.payload.replace('"open"', '"x"') + ' ' },
      { ...tampered, signature: '' },
    ]) {
      const response = await deliver(delivery);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'Invalid Stripe signature' });
    }
    expect(await me(browser)).toMatchObject({ subscriptionStatus: 'trial', subscriptionTier: null });
  });

  it('counts a replayed event once', async () => {
    const admin = new SiteClient(server.url);
    expect((await admin.post('/api/master-login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
    const revenue = async () =>
      ((await (await admin.get('/api/admin/stats')).json()) as { totalRevenue: number }).totalRevenue;

    const { browser, user } = await owner();
    const { sessionId } = await checkout(browser, 'agency', 'monthly');
    const subscription = stripe.completeCheckout(sessionId, new Date(Date.now() + 30 * DAY));
    const before = await revenue();
    const invoice = stripe.signedEvent('invoice.paid', {
      id: 'in_fake_replayed',
      object: 'invoice',
      amount_paid: 24900,
      subscription: subscription.id,
      subscription_details: { metadata: { userId: user.id, tier: 'agency', period: 'monthly' } },
    });
    for (let delivery = 0; delivery < 3; delivery++) expect((await deliver(invoice)).status).toBe(200);
    expect(await revenue()).toBe(before + 249);
    expect(await me(browser)).toMatchObject({ subscriptionStatus: 'active', subscriptionTier: 'agency' });
  });

  it('follows Stripe’s current state when events arrive out of order', async () => {
    const { browser } = await owner();
    const { sessionId } = await checkout(browser, 'professional', 'monthly');
    const subscription = stripe.completeCheckout(sessionId, new Date(Date.now() + 30 * DAY));
    const activeCopy = structuredClone(subscription);
    const completed = stripe.signedEvent('checkout.session.completed', stripe.checkoutSessions.get(sessionId)!);
    expect((await deliver(completed)).status).toBe(200);

    // The owner cancels: access stays until the period ends.
    const cancel = await browser.post('/api/cancel-subscription', {});
    expect(cancel.status).toBe(200);
    expect(subscription.cancel_at_period_end).toBe(true);
    expect(await me(browser)).toMatchObject({ subscriptionStatus: 'canceled', subscriptionTier: 'professional' });

    // An older update, still saying "active, not canceling", arrives late: Stripe now says otherwise.
    expect((await deliver(stripe.signedEvent('customer.subscription.updated', activeCopy))).status).toBe(200);
    expect(await me(browser)).toMatchObject({ subscriptionStatus: 'canceled' });

    // Stripe ends the subscription; a late copy of the checkout does not bring it back.
    subscription.status = 'canceled';
    expect((await deliver(stripe.signedEvent('customer.subscription.deleted', subscription))).status).toBe(200);
    expect(
      (await deliver(stripe.signedEvent('checkout.session.completed', stripe.checkoutSessions.get(sessionId)!))).status,
    ).toBe(200);
    expect(await me(browser)).toMatchObject({ subscriptionStatus: 'expired' });
    // The update that said "active" long ago, delivered once more: Stripe's current word wins.
    expect((await deliver(stripe.signedEvent('customer.subscription.updated', activeCopy))).status).toBe(200);
    expect(await me(browser)).toMatchObject({ subscriptionStatus: 'expired' });
  });
});

describe('POST /api/cancel-subscription', () => {
  it('answers 409 with a message when there is nothing to cancel, and 401 when signed out', async () => {
    const { browser } = await owner();
    const response = await browser.post('/api/cancel-subscription', {});
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toBe('You have no active subscription to cancel');
    expect((await new SiteClient(server.url).post('/api/cancel-subscription', {})).status).toBe(401);
  });
});

describe('the content security policy with STRIPE_PUBLISHABLE_KEY', () => {
  it('allows exactly Stripe.js, its API and its frames', async () => {
    const policy = (await fetch(new URL('/subscription', server.url))).headers.get('content-security-policy')!;
    const directives = Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['script-src']).toEqual(["'self'", 'https://js.stripe.com']);
    expect(directives['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(directives['frame-src']).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
  });
});

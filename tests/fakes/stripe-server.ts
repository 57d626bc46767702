import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, unknown>;

export interface FakeSubscription extends Json {
  id: string;
  object: 'subscription';
  status: string;
  cancel_at_period_end: boolean;
  customer: string;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; current_period_end: number; price: { id: string } }[] };
}

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake_brandloom';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_brandloom';

/**
 * The subset of Stripe's HTTP API that billing uses, on loopback: customers (with idempotency
 * keys), payment intents, Checkout Sessions and subscriptions (retrieve, update, cancel). The
 * Stripe SDK talks to it as to Stripe. Webhook events are signed the way Stripe signs them.
 */
export class FakeStripe {
  readonly customers = new Map<string, Json>();
  readonly paymentIntents = new Map<string, Json>();
  readonly checkoutSessions = new Map<string, Json>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  /** Every request as `METHOD /path`, for tests that count calls. */
  readonly requests: string[] = [];
  private readonly idempotent = new Map<string, Json>();
  private counter = 0;
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The billing settings that point the service at this fake. */
  env(): Record<string, string> {
    const prices = Object.fromEntries(
      ['STARTER', 'PROFESSIONAL', 'ENTERPRISE', 'AGENCY'].flatMap((tier) =>
        ['MONTHLY', 'YEARLY'].map((period) => [
          `STRIPE_PRICE_${tier}_${period}`,
          `price_${tier.toLowerCase()}_${period.toLowerCase()}`,
        ]),
      ),
    );
    return {
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_brandloom',
      STRIPE_API_BASE: this.url,
      ...prices,
    };
  }

  /** What Stripe does when the customer pays at Checkout: a subscription, active for a period. */
  completeCheckout(sessionId: string, periodEnd: Date): FakeSubscription {
    const session = this.checkoutSessions.get(sessionId);
    if (!session) throw new Error(`No checkout session ${sessionId}`);
    const lineItems = session['line_items'] as { price: string }[];
    const subscription: FakeSubscription = {
      id: this.id('sub'),
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: false,
      customer: String(session['customer']),
      metadata: ((session['subscription_data'] as Json | undefined)?.['metadata'] ?? {}) as Record<string, string>,
      items: {
        object: 'list',
        data: [
          {
            id: this.id('si'),
            current_period_end: Math.floor(periodEnd.getTime() / 1000),
            price: { id: lineItems[0]!.price },
          },
        ],
      },
    };
    this.subscriptions.set(subscription.id, subscription);
    session['subscription'] = subscription.id;
    session['status'] = 'complete';
    return subscription;
  }

  /** A webhook delivery as Stripe makes it: the JSON body and its Stripe-Signature header. */
  signedEvent(
    type: string,
    object: Json,
    options: { id?: string; secret?: string; timestamp?: number } = {},
  ): { id: string; payload: string; signature: string } {
    const id = options.id ?? this.id('evt');
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: '2025-11-17.clover',
      created: Math.floor(Date.now() / 1000),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? FAKE_STRIPE_WEBHOOK_SECRET,
      ...(options.timestamp ? { timestamp: options.timestamp } : {}),
    });
    return { id, payload, signature };
  }

  private id(prefix: string): string {
    this.counter += 1;
    return `${prefix}_fake${this.counter.toString().padStart(6, '0')}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const params = parseForm(Buffer.concat(chunks).toString('utf8'));
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    this.requests.push(`${req.method} ${path}`);
    if (req.headers['authorization'] !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`) {
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const key = req.headers['idempotency-key'];
    const remembered = typeof key === 'string' ? this.idempotent.get(`${path} ${key}`) : undefined;
    if (remembered && req.method === 'POST') return send(res, 200, remembered);
    const answer = this.route(req.method ?? 'GET', path, params);
    if (!answer) return send(res, 404, { error: { type: 'invalid_request_error', message: `No such path ${path}` } });
    if (typeof key === 'string' && req.method === 'POST' && answer.status === 200) {
      this.idempotent.set(`${path} ${key}`, answer.body);
    }
    send(res, answer.status, answer.body);
  }

  private route(method: string, path: string, params: Json): { status: number; body: Json } | null {
    const ok = (body: Json) => ({ status: 200, body });
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: this.id('cus'), object: 'customer', metadata: params['metadata'] ?? {} };
      this.customers.set(customer.id, customer);
      return ok(customer);
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const id = this.id('pi');
      const intent = {
        id,
        object: 'payment_intent',
        amount: Number(params['amount']),
        currency: params['currency'],
        customer: params['customer'],
        metadata: params['metadata'] ?? {},
        status: 'requires_payment_method',
        client_secret: `${id}_secret_fake`,
      };
      this.paymentIntents.set(id, intent);
      return ok(intent);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = this.id('cs');
      const session = {
        ...params,
        id,
        object: 'checkout.session',
        status: 'open',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        subscription: null,
      };
      this.checkoutSessions.set(id, session);
      return ok(session);
    }
    const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscriptionPath) {
      const subscription = this.subscriptions.get(subscriptionPath[1]!);
      if (!subscription) {
        return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such subscription' } } };
      }
      if (method === 'POST' && params['cancel_at_period_end'] !== undefined) {
        subscription.cancel_at_period_end = params['cancel_at_period_end'] === 'true';
      }
      if (method === 'DELETE') subscription.status = 'canceled';
      return ok(subscription);
    }
    return null;
  }
}

function send(res: ServerResponse, status: number, body: Json): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
  res.end(JSON.stringify(body));
}

/** Stripe's form encoding (`a[b][0][c]=x`) as nested objects and arrays. */
function parseForm(body: string): Json {
  const root: Json = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const keys = name.replace(/\]/g, '').split('[');
    let node: Json = root;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) node[key] = value;
      else node = (node[key] ??= /^\d+$/.test(keys[index + 1]!) ? [] : {}) as Json;
    });
  }
  return root;
}

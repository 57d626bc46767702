import { restReply, type RestRequest, type RestRoute } from '@brandloom/runtime/edge';

const field = (req: RestRequest, name: string): unknown =>
  req.body !== null && typeof req.body === 'object' ? (req.body as Record<string, unknown>)[name] : undefined;

/** The payment paths of the spec (§7); the admin paths live with identity, which owns accounts. */
export const billingRestRoutes: readonly RestRoute[] = [
  {
    method: 'post',
    path: '/api/create-payment-intent',
    operation: 'mutation CreatePaymentIntent($amount: Float) { createPaymentIntent(amount: $amount) { clientSecret } }',
    // A non-number reaches the resolver as null and gets the plan's own message.
    variables: (req) => ({ amount: typeof field(req, 'amount') === 'number' ? field(req, 'amount') : null }),
    reply: (data) => restReply(data['createPaymentIntent']),
  },
  {
    method: 'post',
    path: '/api/create-subscription',
    operation:
      'mutation CreateSubscription($planId: String, $priceId: String, $siteOrigin: String) { createSubscription(planId: $planId, priceId: $priceId, siteOrigin: $siteOrigin) { checkoutUrl } }',
    variables: (req) => ({
      planId: asText(field(req, 'planId')),
      priceId: asText(field(req, 'priceId')),
      // The gateway refuses a state-changing request from any origin but the site's own.
      siteOrigin: req.headers['origin'] ?? null,
    }),
    reply: (data) => restReply(data['createSubscription']),
  },
  {
    method: 'post',
    path: '/api/cancel-subscription',
    operation: 'mutation CancelSubscription { cancelSubscription { canceled } }',
    reply: () => restReply({ message: 'Subscription cancelled' }),
  },
  {
    method: 'post',
    path: '/api/stripe/webhook',
    rawBody: true,
    operation:
      'mutation StripeWebhook($payload: String!, $signature: String) { stripeWebhook(payload: $payload, signature: $signature) { received } }',
    variables: (req) => ({ payload: req.rawBody ?? '', signature: req.headers['stripe-signature'] ?? null }),
    reply: (data) => restReply(data['stripeWebhook']),
  },
];

const asText = (value: unknown): string | null => (typeof value === 'string' ? value : null);

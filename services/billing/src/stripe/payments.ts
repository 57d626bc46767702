import Stripe from 'stripe';
import { z } from 'zod';
import {
  causedEventId,
  commandHandler,
  DomainError,
  type Caller,
  type CommandMetadata,
  type EventStore,
  type Logger,
  type ProjectionRunner,
} from '@brandloom/runtime';
import { billingCodec, billingPeriods, type BillingPeriod } from '../events.js';
import { planById, priceOf, promotionalPro, type Tier } from '../plans/plans.js';
import type { StripeSettings } from '../settings.js';
import { subscriptionDecider, subscriptionStream, type SubscriptionCommand } from '../subscriptions/subscription.js';

export const stripeNotConfiguredMessage =
  'Payments are not available right now: Stripe is not configured on this server. Please contact support.';

export interface PaymentsDependencies {
  store: EventStore;
  readModels: ProjectionRunner;
  now: () => Date;
  logger: Logger;
  stripe: StripeSettings | null;
  publicOrigin: string | null;
}

const tiers = ['starter', 'professional', 'enterprise', 'agency'] as const;

/** What billing needs of a Stripe subscription, checked: the webhook tells us little we trust unchecked. */
const stripeSubscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  cancel_at_period_end: z.boolean().optional().default(false),
  current_period_end: z.number().int().optional(),
  items: z.object({ data: z.array(z.object({ current_period_end: z.number().int().optional() })) }).optional(),
  metadata: z.record(z.string(), z.string()).default({}),
});

const subscriptionMetadataSchema = z.object({
  userId: z.uuid(),
  tier: z.enum(tiers),
  period: z.enum(billingPeriods),
});

/** Payments through Stripe: the payment intent, Checkout, cancellation and the webhook. */
export function stripePayments(deps: PaymentsDependencies) {
  const { store, readModels, now, logger, publicOrigin } = deps;
  const plans = commandHandler({ store, codec: billingCodec, decider: subscriptionDecider });
  const stripe = deps.stripe
    ? new Stripe(deps.stripe.secretKey, {
        maxNetworkRetries: 1,
        timeout: 10_000,
        ...(deps.stripe.apiBase
          ? {
              host: deps.stripe.apiBase.hostname,
              port: Number(deps.stripe.apiBase.port || (deps.stripe.apiBase.protocol === 'http:' ? 80 : 443)),
              protocol: deps.stripe.apiBase.protocol === 'http:' ? ('http' as const) : ('https' as const),
            }
          : {}),
      })
    : null;

  function configured(): { stripe: Stripe; settings: StripeSettings } {
    if (!stripe || !deps.stripe) throw new DomainError(stripeNotConfiguredMessage, 'SERVICE_UNAVAILABLE');
    return { stripe, settings: deps.stripe };
  }

  function signedIn(caller: Caller): string {
    if (!caller.userId) throw new DomainError('Please sign in first', 'UNAUTHENTICATED');
    return caller.userId;
  }

  const metadata = (userId: string, correlationId: string, causation?: string): CommandMetadata => ({
    tenantId: userId,
    correlationId,
    occurredAt: now().toISOString(),
    ...(causation ? { causationId: causation, eventId: (index: number) => causedEventId(causation, index) } : {}),
  });

  async function decide(userId: string, command: SubscriptionCommand, meta: CommandMetadata): Promise<void> {
    const { position } = await plans.handle(subscriptionStream(userId), command, meta);
    if (position !== null) await readModels.waitFor(position);
  }

  /** The user's Stripe customer, created the first time and reused after. */
  async function customerOf(userId: string, caller: Caller): Promise<string> {
    const { stripe } = configured();
    const known = (await plans.load(subscriptionStream(userId))).stripeCustomerId;
    if (known) return known;
    // The idempotency key makes a retried or concurrent first request create one customer, not two.
    const customer = await stripe.customers.create({ metadata: { userId } }, { idempotencyKey: `customer-${userId}` });
    await decide(
      userId,
      { type: 'RecordStripeCustomer', userId, customerId: customer.id, at: now().toISOString() },
      metadata(userId, caller.requestId),
    );
    return (await plans.load(subscriptionStream(userId))).stripeCustomerId ?? customer.id;
  }

  /** Brings the plan in line with the subscription as Stripe has it now, whatever order events came in. */
  async function syncSubscription(subscriptionId: string, causation: string): Promise<void> {
    const { stripe } = configured();
    const current = stripeSubscriptionSchema.parse(await stripe.subscriptions.retrieve(subscriptionId));
    const tagged = subscriptionMetadataSchema.safeParse(current.metadata);
    if (!tagged.success) {
      logger.warn('a Stripe subscription without our metadata was ignored', { subscriptionId });
      return;
    }
    const { userId, tier, period } = tagged.data;
    const periodEnd = current.items?.data[0]?.current_period_end ?? current.current_period_end;
    const at = now().toISOString();
    const meta = metadata(userId, 'stripe-webhook', causation);
    if (current.status === 'active' || current.status === 'trialing' || current.status === 'past_due') {
      if (!periodEnd) return;
      await decide(
        userId,
        {
          type: 'ActivatePaidPlan',
          userId,
          tier,
          period,
          currentPeriodEndsAt: new Date(periodEnd * 1000).toISOString(),
          stripeSubscriptionId: current.id,
          at,
        },
        meta,
      );
      if (current.cancel_at_period_end)
        await cancelIfActive(userId, at, metadata(userId, 'stripe-webhook', `${causation}/cancel`));
    } else if (
      current.status === 'canceled' ||
      current.status === 'unpaid' ||
      current.status === 'incomplete_expired'
    ) {
      await decide(userId, { type: 'EndSubscription', at }, meta);
    }
  }

  async function cancelIfActive(userId: string, at: string, meta: CommandMetadata): Promise<void> {
    const state = await plans.load(subscriptionStream(userId));
    if (state.status === 'active') await decide(userId, { type: 'Cancel', at }, meta);
  }

  return {
    publishableKey: () => deps.stripe?.publishableKey ?? null,

    /** The Subscription page's Pro card: $49 for the promotional Professional plan, checked here. */
    async createPaymentIntent(rawAmount: unknown, caller: Caller): Promise<{ clientSecret: string }> {
      const userId = signedIn(caller);
      const amount = z.number().safeParse(rawAmount);
      if (!amount.success) throw new DomainError('Please give the amount to pay', 'BAD_USER_INPUT');
      if (amount.data !== promotionalPro.monthlyPrice) {
        throw new DomainError(
          `The amount does not match the plan: the Pro plan is $${promotionalPro.monthlyPrice}/month`,
          'BAD_USER_INPUT',
        );
      }
      const { stripe } = configured();
      const customer = await customerOf(userId, caller);
      const intent = await stripe.paymentIntents.create({
        amount: promotionalPro.monthlyPrice * 100,
        currency: 'usd',
        customer,
        automatic_payment_methods: { enabled: true },
        metadata: { userId, tier: promotionalPro.tier, period: 'monthly', promotional: 'true' },
      });
      if (!intent.client_secret)
        throw new DomainError('Failed to initialize payment. Please try again.', 'SERVICE_UNAVAILABLE');
      return { clientSecret: intent.client_secret };
    },

    /** A Stripe Checkout Session for a plan and period; the browser is sent to its address. */
    async createSubscription(
      rawPlanId: unknown,
      rawPeriod: unknown,
      siteOrigin: string | null,
      caller: Caller,
    ): Promise<{ checkoutUrl: string }> {
      const userId = signedIn(caller);
      const plan = typeof rawPlanId === 'string' ? planById(rawPlanId) : undefined;
      if (!plan)
        throw new DomainError('Unknown plan: choose starter, professional, enterprise or agency', 'BAD_USER_INPUT');
      const period = z.enum(billingPeriods).safeParse(rawPeriod);
      if (!period.success) throw new DomainError('Unknown billing period: choose monthly or yearly', 'BAD_USER_INPUT');
      const { stripe, settings } = configured();
      const customer = await customerOf(userId, caller);
      const tags = { userId, tier: plan.id, period: period.data };
      const origin = publicOrigin ?? originOf(siteOrigin) ?? 'http://localhost:3000';
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: userId,
        line_items: [{ price: settings.prices[plan.id][period.data], quantity: 1 }],
        success_url: `${origin}/subscription?success=true`,
        cancel_url: `${origin}/plans`,
        metadata: tags,
        subscription_data: { metadata: tags },
      });
      if (!session.url) throw new DomainError('Failed to start subscription. Please try again.', 'SERVICE_UNAVAILABLE');
      return { checkoutUrl: session.url };
    },

    /** Cancels at the end of the paid period: access stays until then. */
    async cancelSubscription(caller: Caller): Promise<void> {
      const userId = signedIn(caller);
      const state = await plans.load(subscriptionStream(userId));
      if (state.status !== 'active') throw new DomainError('You have no active subscription to cancel', 'CONFLICT');
      if (state.stripeSubscriptionId?.startsWith('sub_')) {
        const { stripe } = configured();
        await stripe.subscriptions.update(state.stripeSubscriptionId, { cancel_at_period_end: true });
      }
      await decide(userId, { type: 'Cancel', at: now().toISOString() }, metadata(userId, caller.requestId));
    },

    /**
     * A Stripe event, verified against the raw body. Each event's changes get ids derived from
     * the Stripe event id, so a replayed event appends nothing; where order matters the current
     * subscription is fetched from Stripe rather than trusting the event's copy.
     */
    async handleWebhook(payload: string, signature: string | null): Promise<void> {
      const { stripe, settings } = configured();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(payload, signature ?? '', settings.webhookSecret);
      } catch {
        throw new DomainError('Invalid Stripe signature', 'BAD_USER_INPUT');
      }
      const object = event.data.object as unknown as Record<string, unknown>;
      const text = (value: unknown) => (typeof value === 'string' ? value : null);
      switch (event.type) {
        case 'checkout.session.completed':
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
        case 'invoice.payment_failed': {
          const id = event.type.startsWith('customer.subscription') ? text(object['id']) : subscriptionIdOf(object);
          if (id) await syncSubscription(id, event.id);
          return;
        }
        case 'invoice.paid': {
          const tags = subscriptionMetadataSchema.safeParse(subscriptionMetadataOf(object));
          const amount = typeof object['amount_paid'] === 'number' ? object['amount_paid'] : 0;
          if (tags.success && amount > 0) {
            const { userId } = tags.data;
            await decide(
              userId,
              { type: 'RecordPayment', userId, amountCents: amount, at: now().toISOString() },
              metadata(userId, 'stripe-webhook', `${event.id}/payment`),
            );
          }
          const id = subscriptionIdOf(object);
          if (id) await syncSubscription(id, event.id);
          return;
        }
        case 'payment_intent.succeeded': {
          const tags = subscriptionMetadataSchema.safeParse(object['metadata']);
          if (!tags.success || object['metadata'] === undefined) return;
          const { userId, tier } = tags.data;
          const paidAt = now();
          const meta = metadata(userId, 'stripe-webhook', event.id);
          await decide(
            userId,
            { type: 'RecordPayment', userId, amountCents: Number(object['amount'] ?? 0), at: paidAt.toISOString() },
            metadata(userId, 'stripe-webhook', `${event.id}/payment`),
          );
          await decide(
            userId,
            {
              type: 'ActivatePaidPlan',
              userId,
              tier,
              period: 'monthly',
              currentPeriodEndsAt: new Date(paidAt.getTime() + 30 * 86_400_000).toISOString(),
              stripeSubscriptionId: text(object['id']) ?? event.id,
              at: paidAt.toISOString(),
            },
            meta,
          );
          return;
        }
        default:
          return;
      }
    },

    /** The price a plan costs for a period, as Stripe charges it (for tests and the plans page). */
    priceOf: (tier: Tier, period: BillingPeriod) => priceOf(planById(tier)!, period),
  };
}

/** An http(s) origin, or null. */
function originOf(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The subscription an invoice or a Checkout Session belongs to, in either API shape. */
function subscriptionIdOf(object: Record<string, unknown>): string | null {
  const direct = object['subscription'];
  if (typeof direct === 'string') return direct;
  const parent = object['parent'] as { subscription_details?: { subscription?: unknown } } | undefined;
  const nested = parent?.subscription_details?.subscription;
  return typeof nested === 'string' ? nested : null;
}

function subscriptionMetadataOf(object: Record<string, unknown>): unknown {
  const parent = object['parent'] as { subscription_details?: { metadata?: unknown } } | undefined;
  const legacy = object['subscription_details'] as { metadata?: unknown } | undefined;
  return parent?.subscription_details?.metadata ?? legacy?.metadata ?? object['metadata'];
}

export type StripePayments = ReturnType<typeof stripePayments>;

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  commandHandler,
  openSqliteEventStore,
  ProjectionRunner,
  silentLogger,
  type EventStore,
} from '@brandloom/runtime';
import { billingCodec } from '../events.js';
import { SubscriptionsReadModel } from '../read-models/subscriptions.js';
import { ExpiryTimer } from './expiry-timer.js';
import { subscriptionDecider, subscriptionStream } from './subscription.js';

const userId = '44444444-4444-4444-8444-444444444444';
const registeredAt = '2026-11-25T10:00:00.000Z';

/** Billing's store and read models on real sqlite files, with a clock the test moves. */
async function openBilling(dir: string, clock: { now: Date }) {
  const store: EventStore = openSqliteEventStore({ file: join(dir, 'billing.db') });
  const readModels = new ProjectionRunner(store, silentLogger, {
    database: join(dir, 'billing.read.db'),
    name: 'billing/read-models',
  });
  const subscriptions = new SubscriptionsReadModel();
  readModels.register([subscriptions]);
  await readModels.start();
  const timer = new ExpiryTimer({
    store,
    subscriptions,
    now: () => clock.now,
    logger: silentLogger,
    intervalMs: 60_000,
  });
  return {
    store,
    readModels,
    subscriptions,
    timer,
    async close() {
      await timer.stop();
      await readModels.stop();
      await store.close();
    },
  };
}

describe('the expiry timer', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'billing-timer-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('records a trial’s end once it is due, and survives a restart over the same files', async () => {
    const clock = { now: new Date(registeredAt) };
    let billing = await openBilling(dir, clock);
    const plans = commandHandler({ store: billing.store, codec: billingCodec, decider: subscriptionDecider });
    const { position } = await plans.handle(
      subscriptionStream(userId),
      { type: 'StartTrial', userId, registeredAt, trialDays: 7 },
      { tenantId: userId, correlationId: 'test', occurredAt: registeredAt },
    );
    await billing.readModels.waitFor(position);

    clock.now = new Date('2026-12-02T09:59:59.000Z');
    await billing.timer.tick();
    expect((await plans.load(subscriptionStream(userId))).status).toBe('trial');

    // Down over the trial's end; the first tick after the restart records it.
    await billing.close();
    clock.now = new Date('2026-12-03T00:00:00.000Z');
    billing = await openBilling(dir, clock);
    await billing.timer.tick();
    await billing.timer.tick();
    const after = commandHandler({ store: billing.store, codec: billingCodec, decider: subscriptionDecider });
    expect((await after.load(subscriptionStream(userId))).status).toBe('expired');
    const recorded = await billing.store.readStream(subscriptionStream(userId));
    expect(recorded.map((event) => event.type)).toEqual([
      'billing.TrialStarted',
      'billing.SubscriptionChanged',
      'billing.SubscriptionExpired',
      'billing.SubscriptionChanged',
    ]);
    const expired = billingCodec.decode(recorded[2]!);
    expect(expired.data).toMatchObject({ reason: 'trial_ended', at: '2026-12-03T00:00:00.000Z' });
    await billing.close();
  });
});

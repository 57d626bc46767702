import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteEventStore, signCaller, CALLER_HEADER } from '@brandloom/runtime';
import { findNatsServerBinary, startNatsServer } from '@brandloom/runtime/testing';
import { SiteClient, uniqueEmail, userOf } from '../support/browser-client.js';
import { freePort, isOk, startNode, waitUntil } from '../support/processes.js';
import { userWithTrial } from '../support/trial.js';

const root = resolve(import.meta.dirname, '../..');
const natsBinary = findNatsServerBinary();
if (!natsBinary)
  console.warn('Distributed smoke test skipped: nats-server is not installed (apt-get install nats-server).');

describe.skipIf(!natsBinary)('the distributed mode (nats-server + one process per service + gateway)', () => {
  let nats: Awaited<ReturnType<typeof startNatsServer>>;
  let brandloom: ReturnType<typeof startNode>;
  let dataDir: string;
  const ports = { gateway: 0, identity: 0, billing: 0 };
  const secret = 'a-shared-internal-secret-of-at-least-32-chars';

  beforeAll(async () => {
    nats = await startNatsServer();
    dataDir = await mkdtemp(join(tmpdir(), 'brandloom-distributed-'));
    for (const name of Object.keys(ports) as (keyof typeof ports)[]) ports[name] = await freePort();
    brandloom = startNode(
      join(root, 'scripts/start.mjs'),
      ['--distributed'],
      {
        BRANDLOOM_SKIP_BUILD: '1',
        NATS_URL: nats.url,
        DATA_DIR: dataDir,
        PORT: String(ports.gateway),
        IDENTITY_PORT: String(ports.identity),
        BILLING_PORT: String(ports.billing),
        PUBLIC_ORIGIN: `http://127.0.0.1:${ports.gateway}`,
        INTERNAL_SECRET: secret,
        LOG_LEVEL: 'warn',
      },
      root,
    );
    await waitUntil(() => isOk(`http://127.0.0.1:${ports.gateway}/readyz`), 'the gateway').catch((error: Error) => {
      throw new Error(`${error.message}\n${brandloom.output()}`);
    });
  }, 60_000);

  afterAll(async () => {
    if (brandloom?.child.exitCode === null) {
      brandloom.child.kill('SIGTERM');
      await brandloom.exited;
    }
    await nats?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('starts the trial that billing derived from the registration event that crossed NATS', async () => {
    const browser = new SiteClient(`http://127.0.0.1:${ports.gateway}`);
    const email = uniqueEmail();
    const signUp = await browser.post('/api/signup', {
      firstName: 'Ana',
      lastName: 'Silva',
      email,
      password: 'secret1',
    });
    expect(signUp.status).toBe(201);
    const { id: userId } = await userOf(signUp);

    // Billing's only link to identity is the bus: its own store shows the copy it took in and
    // the trial it started from it.
    const billingStore = openSqliteEventStore({ file: join(dataDir, 'billing.db') });
    try {
      await waitUntil(
        async () => (await billingStore.readStream(`subscription-${userId}`)).length > 0,
        'the trial',
        15_000,
      );
      const [registered] = (await billingStore.readAll({ categories: ['inbox'] })).filter(
        (event) => (event.data as { userId: string }).userId === userId,
      );
      const [trial] = await billingStore.readStream(`subscription-${userId}`);
      expect(registered?.type).toBe('identity.UserRegistered');
      expect(JSON.stringify(registered?.data)).not.toMatch(/password|argon2/i);
      expect(trial?.type).toBe('billing.TrialStarted');
      expect(trial?.metadata.causationId).toBe(registered?.id);
    } finally {
      await billingStore.close();
    }

    // Billing's read model follows its store a moment later.
    const me = await userWithTrial(browser);
    expect(me).toMatchObject({ id: userId, email, subscriptionStatus: 'trial', subscriptionTier: null });
    expect(Date.parse(me.trialEndsAt) - Date.parse(me.createdAt)).toBe(7 * 86_400_000);
  });

  it('has subgraphs that refuse any call not signed by the gateway', async () => {
    const query = JSON.stringify({ query: '{ me { id } }' });
    const call = (headers: Record<string, string>) =>
      fetch(`http://127.0.0.1:${ports.identity}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: query,
      });
    expect((await call({})).status).toBe(401);
    const forged = signCaller(
      {
        userId: null,
        isAdmin: true,
        sessionToken: null,
        clientAddress: null,
        userAgent: null,
        requestId: 'x',
        issuedAt: Math.floor(Date.now() / 1000),
      },
      'not-the-secret-not-the-secret-not-the-secret',
    );
    expect((await call({ [CALLER_HEADER]: forged })).status).toBe(401);
  });

  it('stops every process cleanly on SIGTERM, the gateway first', async () => {
    brandloom.child.kill('SIGTERM');
    // The launcher exits 0 only when every process it started stopped by itself in time.
    expect(await brandloom.exited).toBe(0);
    for (const port of Object.values(ports)) {
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    }
  });
});

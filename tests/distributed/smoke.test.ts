import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { openSqliteEventStore, signCaller, CALLER_HEADER } from '@brandloom/runtime';
import { findNatsServerBinary } from '@brandloom/runtime/testing';
import { SiteClient, uniqueEmail, userOf } from '../support/browser-client.js';
import { waitUntil } from '../support/processes.js';
import { startDistributed, type DistributedBrandloom } from '../support/distributed.js';
import { userWithTrial } from '../support/trial.js';

const natsBinary = findNatsServerBinary();
if (!natsBinary)
  console.warn('Distributed smoke test skipped: nats-server is not installed (apt-get install nats-server).');

describe.skipIf(!natsBinary)('the distributed mode (nats-server + one process per service + gateway)', () => {
  let brandloom: DistributedBrandloom;
  const gatewayUrl = () => brandloom.url;
  const portOf = (name: string) => brandloom.ports.get(name);

  beforeAll(async () => {
    brandloom = await startDistributed();
  }, 60_000);
  afterAll(() => brandloom?.dispose());

  it('starts the trial that billing derived from the registration event that crossed NATS', async () => {
    const browser = new SiteClient(gatewayUrl());
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
    const billingStore = openSqliteEventStore({ file: join(brandloom.dataDir, 'billing.db') });
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
      fetch(`http://127.0.0.1:${portOf('identity')}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: query,
      });
    expect((await call({})).status).toBe(401);
    const forged = signCaller(
      {
        userId: null,
        isAdmin: true,
        sessionTokenHash: null,
        clientAddress: null,
        userAgent: null,
        requestId: 'x',
      },
      'not-the-secret-not-the-secret-not-the-secret',
      { audience: 'identity', body: query },
    );
    expect((await call({ [CALLER_HEADER]: forged })).status).toBe(401);
  });

  it('runs a gateway that loads no service implementation (no password hashing, no database driver)', () => {
    const gateway = childProcesses(brandloom.process.child.pid!).find((pid) =>
      commandOf(pid).includes('gateway/dist/main.js'),
    );
    expect(gateway).toBeDefined();
    const libraries = readFileSync(`/proc/${gateway}/maps`, 'utf8');
    expect(libraries).not.toMatch(/better_sqlite3|argon2/);
    // The check itself can see native modules: a service process maps both.
    const identity = childProcesses(brandloom.process.child.pid!).find((pid) =>
      commandOf(pid).endsWith('launch.js identity'),
    );
    expect(readFileSync(`/proc/${identity}/maps`, 'utf8')).toMatch(/better_sqlite3/);
  });

  it('has subgraphs that take a gateway signature once, for its own body and service only', async () => {
    const caller = {
      userId: null,
      isAdmin: false,
      sessionTokenHash: null,
      clientAddress: null,
      userAgent: null,
      requestId: 'replay',
    };
    const post = (body: string, header: string) =>
      fetch(`http://127.0.0.1:${portOf('identity')}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CALLER_HEADER]: header },
        body,
      });
    const body = JSON.stringify({ query: '{ me { id } }' });
    const signed = signCaller(caller, brandloom.secret, { audience: 'identity', body });
    const first = await post(body, signed);
    expect(await first.json()).toEqual({ data: { me: null } });
    expect((await post(body, signed)).status).toBe(401);
    const other = signCaller(caller, brandloom.secret, { audience: 'identity', body });
    expect((await post(JSON.stringify({ query: '{ me { id email } }' }), other)).status).toBe(401);
    expect((await post(body, signCaller(caller, brandloom.secret, { audience: 'billing', body }))).status).toBe(401);
  });

  it('stops every process cleanly on SIGTERM, the gateway first', async () => {
    brandloom.process.child.kill('SIGTERM');
    // The launcher exits 0 only when every process it started stopped by itself in time.
    expect(await brandloom.process.exited).toBe(0);
    for (const port of brandloom.ports.values()) {
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    }
  });
});

/** The processes a process started (Linux /proc). */
function childProcesses(parent: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // The parent pid is the 4th field, after the command in parentheses.
        return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]) === parent;
      } catch {
        return false;
      }
    })
    .map(Number);
}

function commandOf(pid: number): string {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
}

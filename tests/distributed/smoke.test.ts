import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { portVariableOf, serviceNames } from '@brandloom/gateway';
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
  /** The gateway's port and one per service of the catalog, each free when the test starts. */
  const ports = new Map<string, number>();
  const gatewayUrl = () => `http://127.0.0.1:${ports.get('gateway')}`;
  const secret = 'a-shared-internal-secret-of-at-least-32-chars';

  beforeAll(async () => {
    nats = await startNatsServer();
    dataDir = await mkdtemp(join(tmpdir(), 'brandloom-distributed-'));
    for (const name of ['gateway', ...serviceNames]) ports.set(name, await freePort());
    brandloom = startNode(
      join(root, 'scripts/start.mjs'),
      ['--distributed'],
      {
        BRANDLOOM_SKIP_BUILD: '1',
        NATS_URL: nats.url,
        DATA_DIR: dataDir,
        PORT: String(ports.get('gateway')),
        ...Object.fromEntries(serviceNames.map((name) => [portVariableOf(name), String(ports.get(name))])),
        PUBLIC_ORIGIN: gatewayUrl(),
        INTERNAL_SECRET: secret,
        MASTER_KEY: 'ZGlzdHJpYnV0ZWQtc21va2UtbWFzdGVyLWtleS0zMmI',
        LOG_LEVEL: 'warn',
      },
      root,
    );
    await waitUntil(() => isOk(`${gatewayUrl()}/readyz`), 'the gateway').catch((error: Error) => {
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
      fetch(`http://127.0.0.1:${ports.get('identity')}/graphql`, {
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
    const gateway = childProcesses(brandloom.child.pid!).find((pid) => commandOf(pid).includes('gateway/dist/main.js'));
    expect(gateway).toBeDefined();
    const libraries = readFileSync(`/proc/${gateway}/maps`, 'utf8');
    expect(libraries).not.toMatch(/better_sqlite3|argon2/);
    // The check itself can see native modules: a service process maps both.
    const identity = childProcesses(brandloom.child.pid!).find((pid) => commandOf(pid).endsWith('launch.js identity'));
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
      fetch(`http://127.0.0.1:${ports.get('identity')}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CALLER_HEADER]: header },
        body,
      });
    const body = JSON.stringify({ query: '{ me { id } }' });
    const signed = signCaller(caller, secret, { audience: 'identity', body });
    const first = await post(body, signed);
    expect(await first.json()).toEqual({ data: { me: null } });
    expect((await post(body, signed)).status).toBe(401);
    const other = signCaller(caller, secret, { audience: 'identity', body });
    expect((await post(JSON.stringify({ query: '{ me { id email } }' }), other)).status).toBe(401);
    expect((await post(body, signCaller(caller, secret, { audience: 'billing', body }))).status).toBe(401);
  });

  it('stops every process cleanly on SIGTERM, the gateway first', async () => {
    brandloom.child.kill('SIGTERM');
    // The launcher exits 0 only when every process it started stopped by itself in time.
    expect(await brandloom.exited).toBe(0);
    for (const port of ports.values()) {
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

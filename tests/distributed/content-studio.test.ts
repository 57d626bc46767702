import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portVariableOf, serviceNames } from '@brandloom/gateway';
import { CALLER_HEADER, signCaller } from '@brandloom/runtime';
import { findNatsServerBinary, startNatsServer } from '@brandloom/runtime/testing';
import { SiteClient, uniqueEmail } from '../support/browser-client.js';
import { freePort, isOk, startNode, waitUntil } from '../support/processes.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server.js';

const root = resolve(import.meta.dirname, '../..');
const natsBinary = findNatsServerBinary();
if (!natsBinary)
  console.warn('Distributed content test skipped: nats-server is not installed (apt-get install nats-server).');

describe.skipIf(!natsBinary)('the content studio in the distributed mode', () => {
  let nats: Awaited<ReturnType<typeof startNatsServer>>;
  let fake: FakeOpenAi;
  let brandloom: ReturnType<typeof startNode>;
  let dataDir: string;
  const ports = new Map<string, number>();
  const gatewayUrl = () => `http://127.0.0.1:${ports.get('gateway')}`;
  const secret = randomBytes(32).toString('base64url');

  beforeAll(async () => {
    [nats, fake] = await Promise.all([startNatsServer(), startFakeOpenAi()]);
    dataDir = await mkdtemp(join(tmpdir(), 'brandloom-distributed-content-'));
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
        MASTER_KEY: randomBytes(32).toString('base64'),
        OPENAI_BASE_URL: fake.baseUrl,
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
    await fake?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('saves a key, generates with it through identity’s internal call, and approves the post', async () => {
    const browser = new SiteClient(gatewayUrl());
    expect((await browser.post('/api/signup', { email: uniqueEmail(), password: 'secret1' })).status).toBe(201);
    const key = 'sk-test-distributed-4321';
    const saved = (await (await browser.post('/api/user/api-keys', { openaiApiKey: key })).json()) as Record<
      string,
      unknown
    >;
    expect(saved['openaiApiKey']).toBe('••••4321');

    const generated = await browser.post('/api/content/generate', { platform: 'instagram', topic: 'yoga mats' });
    expect(generated.status).toBe(200);
    const { content } = (await generated.json()) as { content: string };
    const created = await browser.post('/api/posts', { content, platform: 'instagram', isAiGenerated: true });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(await (await browser.post(`/api/posts/${id}/approve`)).json()).toMatchObject({ id, status: 'approved' });

    // Identity hands the key only to a caller another service signed, never to the gateway's.
    const me = (await (await browser.get('/api/auth/user')).json()) as { id: string };
    const ask = (service?: string) => {
      const body = JSON.stringify({ query: '{ ownerOpenAiCredentials { apiKey } }' });
      const caller = {
        userId: me.id,
        isAdmin: false,
        sessionTokenHash: null,
        clientAddress: null,
        userAgent: null,
        requestId: 'r',
        ...(service ? { service } : {}),
      };
      return fetch(`http://127.0.0.1:${ports.get('identity')}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [CALLER_HEADER]: signCaller(caller, secret, { audience: 'identity', body }),
        },
        body,
      }).then(
        (response) =>
          response.json() as Promise<{
            data: { ownerOpenAiCredentials: { apiKey: string } | null } | null;
            errors?: { extensions: { code: string } }[];
          }>,
      );
    };
    expect((await ask()).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect((await ask('content')).data?.ownerOpenAiCredentials?.apiKey).toBe(key);

    // The key crossed from identity to content in a signed call, never through the bus or a file.
    const identityStore = await readFile(join(dataDir, 'identity.db'));
    expect(identityStore.includes(key)).toBe(false);
    expect(brandloom.output()).not.toContain(key);
  });
});

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLER_HEADER, signCaller } from '@brandloom/runtime';
import { findNatsServerBinary } from '@brandloom/runtime/testing';
import { SiteClient, uniqueEmail } from '../support/browser-client.js';
import { startDistributed, type DistributedBrandloom } from '../support/distributed.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server.js';

const natsBinary = findNatsServerBinary();
if (!natsBinary)
  console.warn('Distributed content test skipped: nats-server is not installed (apt-get install nats-server).');

describe.skipIf(!natsBinary)('the content studio in the distributed mode', () => {
  let fake: FakeOpenAi;
  let brandloom: DistributedBrandloom;
  const gatewayUrl = () => brandloom.url;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    brandloom = await startDistributed({ OPENAI_BASE_URL: fake.baseUrl });
  }, 60_000);
  afterAll(async () => {
    await brandloom?.dispose();
    await fake?.close();
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
      return fetch(`http://127.0.0.1:${brandloom.ports.get('identity')}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [CALLER_HEADER]: signCaller(caller, brandloom.secret, { audience: 'identity', body }),
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
    const identityStore = await readFile(join(brandloom.dataDir, 'identity.db'));
    expect(identityStore.includes(key)).toBe(false);
    expect(brandloom.process.output()).not.toContain(key);
  });
});

import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteClient, signUpOwner } from '../support/browser-client.js';
import { startTestServer, type TestServer } from '../support/all-in-one.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.dispose());

async function owner(): Promise<SiteClient> {
  return (await signUpOwner(server.url)).browser;
}

const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

describe('the credential vault: /api/user/api-keys', () => {
  it('answers 401 to a visitor who is not signed in', async () => {
    expect((await new SiteClient(server.url).get('/api/user/api-keys')).status).toBe(401);
  });

  it('keeps secrets sealed: masked reads, keep on masked save, delete on empty', async () => {
    const browser = await owner();
    const secret = 'sk-test-vault-0123456789abcd';
    const saved = await browser.post('/api/user/api-keys', { openaiApiKey: secret, twitterApiKey: 'tw-key-98765432' });
    expect(saved.status).toBe(200);
    const masked = await json(saved);
    expect(masked).toMatchObject({ openaiApiKey: '••••abcd', twitterApiKey: '••••5432', facebookPageId: null });
    expect(JSON.stringify(masked)).not.toContain(secret);

    // The form sends the masked value back unchanged: the secret stays.
    const again = await json(await browser.post('/api/user/api-keys', { ...masked, twitterApiKey: '' }));
    expect(again).toMatchObject({ openaiApiKey: '••••abcd', twitterApiKey: null });
    expect((await json(await browser.get('/api/user/api-keys')))['openaiApiKey']).toBe('••••abcd');

    // Neither the store file nor the read models hold the secret in clear.
    for (const file of ['identity.db', 'identity.db-wal', 'identity.read.db', 'bus.db', 'bus.db-wal']) {
      const bytes = await readFile(join(server.dataDir, file)).catch(() => Buffer.alloc(0));
      expect(bytes.includes(secret), file).toBe(false);
      expect(bytes.includes('vault-0123456789'), file).toBe(false);
    }
  });

  it('never answers the internal credentials query on the public graph', async () => {
    const browser = await owner();
    await browser.post('/api/user/api-keys', { openaiApiKey: 'sk-test-internal-1234' });
    const response = await browser.post('/graphql', { query: '{ ownerOpenAiCredentials { apiKey } }' });
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain('sk-test-internal');
  });

  it('generates the master key once into DATA_DIR, readable by its owner only', async () => {
    const info = await stat(join(server.dataDir, 'master.key'));
    expect(info.mode & 0o777).toBe(0o600);
  });
});

describe('brand settings: /api/brand-settings', () => {
  const form = {
    brandName: 'Corner Bakery',
    storeDomain: 'https://bakery.example',
    brandVoice: 'warm',
    defaultTone: 'friendly',
    defaultHashtags: ['bread', '#local'],
    autoGenerateHashtags: true,
    aiAssistantName: 'Baker Bot',
    contentGuidelines: 'Talk about fresh bread.',
    defaultProductUrl: '',
    useRandomProducts: false,
    customInstructions: '',
    platformSettings: {
      twitter: { enabled: true, autoPost: true, postTypes: ['text'] },
      instagram: { enabled: false, autoPost: true, postTypes: [] },
      tiktok: { enabled: false, autoPost: false, postTypes: [] },
      facebook: { enabled: true, autoPost: false, postTypes: [] },
    },
  };

  it('answers the defaults before anything is saved', async () => {
    const settings = await json(await (await owner()).get('/api/brand-settings'));
    expect(settings).toMatchObject({ brandName: 'My Brand', brandVoice: 'motivational', defaultTone: 'friendly' });
  });

  it('saves and reads back, hashtags with #, auto-post only where enabled', async () => {
    const browser = await owner();
    expect((await browser.post('/api/brand-settings', form)).status).toBe(200);
    const settings = await json(await browser.get('/api/brand-settings'));
    expect(settings).toMatchObject({ brandName: 'Corner Bakery', defaultHashtags: ['#bread', '#local'] });
    expect(settings['platformSettings']).toMatchObject({
      twitter: { enabled: true, autoPost: true },
      instagram: { enabled: false, autoPost: false },
    });
    // Another owner still sees their own (default) settings.
    expect((await json(await (await owner()).get('/api/brand-settings')))['brandName']).toBe('My Brand');
  });

  it('refuses invalid settings with the form messages', async () => {
    const browser = await owner();
    const noName = await browser.post('/api/brand-settings', { ...form, brandName: ' ' });
    expect(noName.status).toBe(400);
    expect(await noName.json()).toEqual({ message: 'Brand name is required' });
    const badUrl = await browser.post('/api/brand-settings', { ...form, storeDomain: 'bakery' });
    expect(await badUrl.json()).toEqual({ message: 'Please enter a valid URL' });
  });
});

describe('posts and moderation', () => {
  const post = {
    content: 'Fresh sourdough out of the oven at 7am! #bread #local',
    platform: 'twitter',
    status: 'pending',
    isAiGenerated: true,
    topic: 'sourdough',
    tone: 'friendly',
    includeHashtags: true,
  };

  it('creates pending posts, approves and rejects them once, and hides them from other owners', async () => {
    const browser = await owner();
    const created = await browser.post('/api/posts', post);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const second = (await json(await browser.post('/api/posts', { ...post, platform: 'facebook' }))) as { id: string };

    const stranger = await owner();
    expect((await stranger.post(`/api/posts/${id}/approve`)).status).toBe(404);
    expect(await (await stranger.get('/api/posts')).json()).toEqual([]);

    const approved = await browser.post(`/api/posts/${id}/approve`);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ id, status: 'approved' });
    const twice = await browser.post(`/api/posts/${id}/reject`);
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ message: 'Only pending posts can be rejected; this post is approved' });
    expect((await browser.post(`/api/posts/${second.id}/reject`)).status).toBe(200);

    const posts = (await (await browser.get('/api/posts')).json()) as { id: string; status: string }[];
    expect(posts.map((p) => [p.id, p.status]).sort()).toEqual(
      [
        [id, 'approved'],
        [second.id, 'rejected'],
      ].sort(),
    );
    const history = await browser.post('/graphql', { query: '{ posts { id history { action } } }' });
    const withHistory = ((await history.json()) as { data: { posts: { id: string; history: { action: string }[] }[] } })
      .data.posts;
    expect(withHistory.find((p) => p.id === id)?.history.map((entry) => entry.action)).toEqual(['created', 'approved']);
    const me = await json(await browser.get('/api/auth/user'));
    expect(me).toMatchObject({ totalPosts: 2 });
  });

  it('enforces the content limits on create, and 404s an unknown id', async () => {
    const browser = await owner();
    const long = await browser.post('/api/posts', { ...post, content: 'x'.repeat(281) });
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({
      message: 'A X (Twitter) post can be at most 280 characters; this one has 281',
    });
    expect((await browser.post('/api/posts', { ...post, platform: 'myspace' })).status).toBe(400);
    expect((await browser.post('/api/posts/not-a-post/approve')).status).toBe(404);
    expect((await browser.post(`/api/posts/${crypto.randomUUID()}/reject`)).status).toBe(404);
  });
});

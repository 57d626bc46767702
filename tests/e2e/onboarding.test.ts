import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOwner, type SiteClient } from '../support/browser-client.js';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import { FAKE_BRAND_PROFILE, startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server.js';

let server: TestServer;
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({ OPENAI_BASE_URL: fake.baseUrl });
});
afterAll(async () => {
  await server?.dispose();
  await fake?.close();
});

async function ownerWithKey(key: string | null): Promise<SiteClient> {
  const { browser } = await signUpOwner(server.url);
  if (key) expect((await browser.post('/api/user/api-keys', { openaiApiKey: key })).status).toBe(200);
  return browser;
}

const DESCRIPTION =
  'We bake sourdough and pastries every morning for the families of our neighbourhood. We like a warm, friendly tone.';
const draft = (browser: SiteClient, body: unknown = { description: DESCRIPTION }) =>
  browser.post('/api/onboarding/brand-profile-draft', body);
const errorOf = async (response: Response) => (await response.json()) as { error?: string; message?: string };

describe('POST /api/onboarding/brand-profile-draft', () => {
  it('drafts a profile with the owner’s key from their description, and saves nothing', async () => {
    const browser = await ownerWithKey('sk-test-draft-1234');
    const response = await draft(browser);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      brandVoice: FAKE_BRAND_PROFILE.brandVoice,
      contentGuidelines: FAKE_BRAND_PROFILE.contentGuidelines,
      defaultHashtags: ['#sourdough', '#realbread', '#bakery'],
      postingTimes: ['07:30', '12:00', '17:00'],
    });
    expect(JSON.stringify(fake.requests.at(-1))).toContain('for the families of our neighbourhood');
    expect(await (await browser.get('/api/onboarding/progress')).json()).toEqual({
      brandSettingsSaved: false,
      postsCreated: 0,
    });
    // Not a post: the month's AI posts are untouched, but the tokens it cost the owner are counted.
    expect(await (await browser.get('/api/content/usage')).json()).toMatchObject({
      monthlyPostsUsed: 0,
      tokensThisMonth: 80,
    });
  });

  it.each([
    [{}, 'Please describe your shop: what it sells, who buys, and the tone you like.'],
    [{ description: 'Bread.' }, 'Please tell us a little more about your shop (at least 30 characters).'],
    [{ description: 'x'.repeat(2001) }, 'Please keep the description to at most 2000 characters.'],
  ])('refuses %j with the form’s message before calling the provider', async (body, message) => {
    const browser = await ownerWithKey('sk-test-bounds-1234');
    const before = fake.requests.length;
    const response = await draft(browser, body);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await errorOf(response))).toContain(message);
    expect(fake.requests.length).toBe(before);
  });

  it('without a key says so, as the content studio does', async () => {
    const browser = await ownerWithKey(null);
    const response = await draft(browser);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await errorOf(response))).toContain('API key not configured');
  });

  it('passes on a provider failure in the studio’s words, never the key', async () => {
    const browser = await ownerWithKey('sk-bad-draft-98765');
    const response = await draft(browser);
    expect(response.status).toBe(400);
    const body = JSON.stringify(await errorOf(response));
    expect(body).toContain('The AI provider rejected your API key. Check the key in API Settings.');
    expect(body).not.toContain('98765');
  });

  it('answers an unreadable model answer with a clear message, not a 500', async () => {
    const browser = await ownerWithKey('sk-garbled-draft-1234');
    const response = await draft(browser);
    expect(response.status).toBe(503);
    expect(JSON.stringify(await errorOf(response))).toContain(
      'The AI answer could not be read as a brand profile. Please try again.',
    );
  });

  it('is for signed-in owners only', async () => {
    const response = await fetch(new URL('/api/onboarding/brand-profile-draft', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ description: DESCRIPTION }),
    });
    expect(response.status).toBe(401);
  });
});

describe('GET /api/onboarding/progress', () => {
  it('follows what the owner saved: brand settings, then posts', async () => {
    const browser = await ownerWithKey(null);
    expect(await (await browser.get('/api/onboarding/progress')).json()).toEqual({
      brandSettingsSaved: false,
      postsCreated: 0,
    });
    const saved = await browser.post('/api/brand-settings', {
      brandName: 'Corner Bakery',
      brandVoice: 'warm',
      defaultTone: 'friendly',
      platformSettings: { twitter: {}, instagram: {}, tiktok: {}, facebook: {} },
    });
    expect(saved.status).toBe(200);
    const post = await browser.post('/api/posts', { platform: 'twitter', content: 'Fresh loaves at 7.' });
    expect(post.status).toBe(201);
    expect(await (await browser.get('/api/onboarding/progress')).json()).toEqual({
      brandSettingsSaved: true,
      postsCreated: 1,
    });
  });
});

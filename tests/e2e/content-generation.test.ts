import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteClient } from '../support/browser-client.js';
import { signUpOwner } from '../support/browser-client.js';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import { userWithTrial } from '../support/trial.js';
import { FAKE_POST, startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server.js';

let server: TestServer;
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ slowMs: 3_000 });
  server = await startTestServer({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_TIMEOUT_MS: '500' });
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

const generate = (browser: SiteClient, overrides: Record<string, unknown> = {}) =>
  browser.post('/api/content/generate', {
    platform: 'twitter',
    topic: 'new trail shoes',
    tone: 'energetic',
    includeHashtags: true,
    ...overrides,
  });

describe('POST /api/content/generate', () => {
  it('generates a post with the owner’s key, their brand in the prompt, and records the usage', async () => {
    const browser = await ownerWithKey('sk-test-generate-1234');
    await browser.post('/api/brand-settings', {
      brandName: 'Trail Co',
      brandVoice: 'adventurous',
      defaultTone: 'friendly',
      contentGuidelines: 'Always mention the outdoors.',
      platformSettings: { twitter: {}, instagram: {}, tiktok: {}, facebook: {} },
    });
    const response = await generate(browser);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { content: string; hashtags: string[]; platform: string };
    expect(body).toEqual({
      content: `${FAKE_POST.replace(/ #.*$/, '')}\n\n#fitness #running #newarrivals`,
      hashtags: ['#fitness', '#running', '#newarrivals'],
      platform: 'twitter',
    });
    const prompt = JSON.stringify(fake.requests.at(-1));
    for (const part of [
      'Trail Co',
      'adventurous',
      'Always mention the outdoors.',
      'energetic',
      'new trail shoes',
      '280',
    ]) {
      expect(prompt).toContain(part);
    }
    const usage = await (await browser.get('/api/content/usage')).json();
    expect(usage).toEqual({ plan: 'Free Trial', monthlyPostLimit: 10, monthlyPostsUsed: 1, tokensThisMonth: 80 });
    expect(await (await browser.get('/api/auth/user')).json()).toMatchObject({ monthlyPostsUsed: 1 });
  });

  it('falls back to the sample fitness shop when no brand was saved', async () => {
    const browser = await ownerWithKey('sk-test-sample-1234');
    expect((await generate(browser, { platform: 'facebook' })).status).toBe(200);
    expect(JSON.stringify(fake.requests.at(-1))).toContain('FitLife Gear');
  });

  it('asks again when the answer is over the limit, and repairs what still is', async () => {
    const browser = await ownerWithKey('sk-long-retry-1234');
    const retried = (await (await generate(browser)).json()) as { content: string };
    expect(retried.content.length).toBeLessThanOrEqual(280);
    expect(fake.requests.at(-1)!.messages.at(-1)!.content).toMatch(/allows at most 280/);

    const stubborn = await ownerWithKey('sk-toolong-repair-1234');
    for (const platform of ['twitter', 'instagram', 'facebook', 'tiktok'] as const) {
      const limit = { twitter: 280, instagram: 2200, facebook: 2200, tiktok: 4000 }[platform];
      const body = (await (await generate(stubborn, { platform })).json()) as { content: string; hashtags: string[] };
      expect([...body.content].length).toBeLessThanOrEqual(limit);
    }
  });

  it('says clearly when no key is saved, and never leaks a key in a provider error', async () => {
    const none = await generate(await ownerWithKey(null));
    expect(none.status).toBe(400);
    expect(((await none.json()) as { message: string }).message).toContain('API key not configured');

    const bad = await generate(await ownerWithKey('sk-bad-secret-abcdef'));
    expect(bad.status).toBe(400);
    const badText = await bad.text();
    expect(badText).toContain('rejected your API key');
    expect(badText).not.toContain('sk-bad');

    const limited = await generate(await ownerWithKey('sk-ratelimit-1234'));
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      message: 'The AI provider is rate limiting your requests. Please wait a minute and try again.',
    });

    const quota = await generate(await ownerWithKey('sk-quota-1234'));
    expect(((await quota.json()) as { message: string }).message).toMatch(/run out of credit/);

    const slow = await generate(await ownerWithKey('sk-slow-1234'));
    expect(slow.status).toBe(503);
    expect(await slow.json()).toEqual({
      message: 'The AI provider did not answer in time. Please try again in a moment.',
    });
  });

  it('validates the request with the generator’s messages', async () => {
    const browser = await ownerWithKey('sk-test-validate-1234');
    expect(await (await generate(browser, { topic: '  ' })).json()).toEqual({
      message: 'Please enter a topic for content generation.',
    });
    expect((await generate(browser, { platform: 'myspace' })).status).toBe(400);
  });

  it('stops at the trial’s 10 posts a month with a 402 naming the limit and the upgrade', async () => {
    const browser = await ownerWithKey('sk-test-limit-1234');
    await userWithTrial(browser);
    for (let i = 0; i < 10; i++) expect((await generate(browser)).status).toBe(200);
    const over = await generate(browser);
    expect(over.status).toBe(402);
    expect(await over.json()).toEqual({
      message: 'You have used all 10 AI posts of your Free Trial plan this month. Upgrade your plan to generate more.',
    });
  });
});

describe('testing the AI connection', () => {
  it('POST /api/test/openai tries the saved key', async () => {
    const ok = await (await ownerWithKey('sk-test-try-1234')).post('/api/test/openai');
    expect(await ok.json()).toEqual({
      success: true,
      message: 'Your API key is working correctly!',
      testContent: FAKE_POST,
    });
    const missing = await (await (await ownerWithKey(null)).post('/api/test/openai')).json();
    expect(missing).toMatchObject({ success: false, testContent: null });
    expect((missing as { message: string }).message).toContain('API key not configured');
  });

  it('POST /api/test-connection/openai tests the form’s values before saving', async () => {
    const browser = await ownerWithKey(null);
    const ok = await browser.post('/api/test-connection/openai', { openaiApiKey: 'sk-test-unsaved-1234' });
    expect(await ok.json()).toEqual({ message: 'Connected to OpenAI successfully.' });
    const bad = await browser.post('/api/test-connection/openai', { openaiApiKey: 'sk-bad-unsaved-1234' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).not.toContain('sk-bad');
    // The social platforms are publishing's to test (`/api/test-connection/:platform`); content
    // no longer answers for them, not even through its own mutation.
    const platform = await browser.post('/graphql', {
      query: 'mutation { testConnection(platform: "twitter", input: { twitterApiKey: "key" }) { message } }',
    });
    const { errors } = (await platform.json()) as { errors: { message: string }[] };
    expect(errors[0]!.message).toBe('Content tests only the OpenAI connection (platform "openai")');
  });
});

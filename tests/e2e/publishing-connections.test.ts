import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteClient, signUpOwner } from '../support/browser-client.js';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import { startFakeX, type FakeX } from '../fakes/x-server.js';
import { startFakeGraph, type FakeGraph } from '../fakes/graph-server.js';
import { startFakeTikTok, type FakeTikTok } from '../fakes/tiktok-server.js';

let server: TestServer;
let x: FakeX;
let graph: FakeGraph;
let tiktok: FakeTikTok;
beforeAll(async () => {
  [x, graph, tiktok] = await Promise.all([startFakeX(), startFakeGraph(), startFakeTikTok()]);
  server = await startTestServer({
    X_API_BASE_URL: x.baseUrl,
    GRAPH_API_BASE_URL: graph.baseUrl,
    TIKTOK_API_BASE_URL: tiktok.baseUrl,
    PLATFORM_TIMEOUT_MS: '2000',
  });
});
afterAll(async () => {
  await server?.dispose();
  await Promise.all([x?.close(), graph?.close(), tiktok?.close()]);
});

const json = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as Record<string, unknown>,
});
const test = (browser: SiteClient, platform: string, form: Record<string, string>) =>
  browser.post(`/api/test-connection/${platform}`, form).then(json);
const status = async (browser: SiteClient) =>
  (await json(await browser.get('/api/platforms/status'))).body as Record<
    string,
    { connected: boolean; reason: string | null; verifiedAt: string | null }
  >;

function xForm(account: ReturnType<FakeX['addAccount']>) {
  return {
    twitterApiKey: account.apiKey,
    twitterApiSecret: account.apiSecret,
    twitterAccessToken: account.accessToken,
    twitterAccessTokenSecret: account.accessTokenSecret,
  };
}

describe('POST /api/test-connection/{platform}', () => {
  it('connects to X with good credentials, signed with OAuth 1.0a', async () => {
    const { browser } = await signUpOwner(server.url);
    const account = x.addAccount('cornerbakery');
    expect(await test(browser, 'twitter', xForm(account))).toEqual({
      status: 200,
      body: { success: true, message: 'Connected to X as @cornerbakery' },
    });
  });

  it('refuses X credentials whose signature does not match, and an expired token, with a clear 400', async () => {
    const { browser } = await signUpOwner(server.url);
    const account = x.addAccount();
    const before = x.badSignatures;
    const wrong = await test(browser, 'twitter', { ...xForm(account), twitterApiSecret: 'not-the-secret' });
    expect(wrong.status).toBe(400);
    expect(wrong.body['message']).toMatch(/X refused the credentials/);
    expect(x.badSignatures).toBe(before + 1);
    x.expire(account.accessToken);
    const expired = await test(browser, 'twitter', xForm(account));
    expect(expired.status).toBe(400);
    expect(expired.body['message']).toMatch(/Reconnect X in API Settings/);
  });

  it('connects to Instagram, Facebook and TikTok, and refuses their expired tokens', async () => {
    const { browser } = await signUpOwner(server.url);
    const ig = graph.addInstagramAccount('bakery_gram');
    const page = graph.addPage('Corner Bakery');
    const creator = tiktok.addAccount('bakerytok');
    expect(
      (await test(browser, 'instagram', { instagramAccessToken: ig.accessToken, instagramPageId: ig.id })).body,
    ).toEqual({
      success: true,
      message: 'Connected to Instagram as @bakery_gram',
    });
    expect(
      (await test(browser, 'facebook', { facebookAccessToken: page.accessToken, facebookPageId: page.id })).body,
    ).toEqual({
      success: true,
      message: 'Connected to Facebook page Corner Bakery',
    });
    expect((await test(browser, 'tiktok', { tiktokAccessToken: creator.accessToken })).body).toEqual({
      success: true,
      message: 'Connected to TikTok as @bakerytok',
    });
    graph.expire(page.accessToken);
    tiktok.expire(creator.accessToken);
    const facebook = await test(browser, 'facebook', {
      facebookAccessToken: page.accessToken,
      facebookPageId: page.id,
    });
    expect(facebook).toMatchObject({ status: 400, body: { message: expect.stringMatching(/Session has expired/) } });
    const tok = await test(browser, 'tiktok', { tiktokAccessToken: creator.accessToken });
    expect(tok).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/TikTok refused the access token/) },
    });
  });

  it('uses the saved secret for a masked value, and asks for credentials when none are given', async () => {
    const { browser } = await signUpOwner(server.url);
    const account = x.addAccount('maskedshop');
    const saved = (await json(await browser.post('/api/user/api-keys', xForm(account)))).body;
    expect(saved['twitterApiSecret']).toMatch(/^••••/);
    const masked = {
      twitterApiKey: String(saved['twitterApiKey']),
      twitterApiSecret: String(saved['twitterApiSecret']),
      twitterAccessToken: String(saved['twitterAccessToken']),
      twitterAccessTokenSecret: String(saved['twitterAccessTokenSecret']),
    };
    expect((await test(browser, 'twitter', masked)).body).toEqual({
      success: true,
      message: 'Connected to X as @maskedshop',
    });
    expect(await test(browser, 'twitter', { twitterApiKey: '', twitterApiSecret: '' })).toEqual({
      status: 400,
      body: { message: 'Enter your X (Twitter) credentials first.' },
    });
  });

  it('answers 404 for a platform it does not know', async () => {
    const { browser } = await signUpOwner(server.url);
    expect(await test(browser, 'myspace', {})).toEqual({ status: 404, body: { message: 'Unknown platform: myspace' } });
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    const visitor = new SiteClient(server.url);
    expect((await visitor.post('/api/test-connection/twitter', {})).status).toBe(401);
    expect((await visitor.get('/api/platforms/status')).status).toBe(401);
  });
});

describe('GET /api/platforms/status', () => {
  it('is disconnected until the credentials are saved, connected after, and shows the last verification', async () => {
    const { browser } = await signUpOwner(server.url);
    const before = await status(browser);
    expect(before['twitter']).toMatchObject({ connected: false, reason: 'X (Twitter) credentials are not saved.' });
    expect(Object.keys(before).sort()).toEqual(['facebook', 'instagram', 'tiktok', 'twitter']);

    const account = x.addAccount();
    await browser.post('/api/user/api-keys', xForm(account));
    await expect.poll(async () => (await status(browser))['twitter']?.connected, { timeout: 5000 }).toBe(true);
    expect((await status(browser))['instagram']?.connected).toBe(false);

    await test(browser, 'twitter', xForm(account));
    expect((await status(browser))['twitter']?.verifiedAt).toMatch(/^\d{4}-/);

    // The saved token is revoked: testing the saved credentials shows it at once.
    x.expire(account.accessToken);
    const saved = (await json(await browser.get('/api/user/api-keys'))).body;
    await test(browser, 'twitter', {
      twitterApiKey: String(saved['twitterApiKey']),
      twitterApiSecret: String(saved['twitterApiSecret']),
      twitterAccessToken: String(saved['twitterAccessToken']),
      twitterAccessTokenSecret: String(saved['twitterAccessTokenSecret']),
    });
    expect((await status(browser))['twitter']).toMatchObject({
      connected: false,
      reason: expect.stringMatching(/X refused/),
    });
  });
});

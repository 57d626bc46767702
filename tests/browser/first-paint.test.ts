import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import { SiteClient, uniqueEmail } from '../support/browser-client.js';
import { chromiumMissing, launchChromium } from '../support/browser.js';

if (chromiumMissing) console.warn(`Browser tests skipped: ${chromiumMissing}`);

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One GET with exactly these headers and the body as sent (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const HERO = 'On-brand social posts';

describe('the first page, as the server sends it', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('sends the landing page and the account screens as HTML that needs no script to show', async () => {
    for (const [path, text] of [
      ['/', HERO],
      ['/signin', 'Welcome back'],
      ['/signup', 'Create your account'],
    ] as const) {
      const page = await rawGet(`${server.url}${path}`);
      expect(page.status).toBe(200);
      const html = page.body.toString('utf8');
      expect(html, path).toContain(text);
      expect(html, path).toContain('data-emotion'); // Chakra's styles are in the page
      expect(html.match(/<script(?![^>]*\ssrc=)[^>]*>/g), 'no inline scripts (CSP)').toBeNull();
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(String(page.headers['vary'])).toMatch(/Cookie/);
    }
  });

  it('keeps a prerendered form from being sent before the app can handle it', async () => {
    for (const [path, label] of [
      ['/signin', 'Sign In'],
      ['/signup', 'Create Account'],
    ] as const) {
      const html = (await rawGet(`${server.url}${path}`)).body.toString('utf8');
      const button = html.match(/<button[^>]*type="submit"[^>]*>/)?.[0] ?? '';
      expect(button, `${path}: ${label}`).toMatch(/\sdisabled/);
    }
  });

  it('sends the plain shell to a visitor with a session, and to paths with no prerendered page', async () => {
    const visitor = new SiteClient(server.url);
    const signUp = await visitor.post('/api/signup', {
      firstName: 'Ana',
      lastName: 'Silva',
      email: uniqueEmail(),
      password: 'secret1',
    });
    expect(signUp.status).toBe(201);
    const signedIn = await visitor.get('/');
    const html = await signedIn.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain(HERO);
    expect((await (await fetch(`${server.url}/master-login`)).text()).includes(HERO)).toBe(false);
  });

  it('sends assets precompressed: brotli when accepted, else gzip, else as they are', async () => {
    const shell = (await rawGet(`${server.url}/no-such-page`)).body.toString('utf8');
    const entry = /src="(\/assets\/[^"]+\.js)"/.exec(shell)?.[1];
    expect(entry).toBeDefined();
    const url = `${server.url}${entry}`;

    const plain = await rawGet(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['vary']).toMatch(/Accept-Encoding/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    const gzip = await rawGet(url, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);

    const missing = await rawGet(`${server.url}/assets/no-such-chunk.js`, { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();

    const landing = await rawGet(`${server.url}/`, { 'accept-encoding': 'br' });
    expect(landing.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(landing.body).toString('utf8')).toContain(HERO);
  });
});

describe.skipIf(chromiumMissing !== null)('the first page in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });
  beforeEach(async () => {
    context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
    consoleErrors.length = 0;
    page.on('console', (message) => {
      // The aborted requests are this test's own doing; anything else is a failure.
      if (message.type() === 'error' && !message.text().includes('net::ERR_')) consoleErrors.push(message.text());
    });
  });
  afterEach(async () => {
    await context.close();
  });

  /** Fails the next `count` requests to /graphql as a dropped connection would. */
  async function dropGraphQL(count: number): Promise<{ dropped: () => number }> {
    let dropped = 0;
    await page.route('**/graphql', async (route) => {
      if (dropped < count) {
        dropped += 1;
        await route.abort('connectionreset');
      } else {
        await route.continue();
      }
    });
    return { dropped: () => dropped };
  }

  /** Whether React has taken over #root (rendered into it or adopted the prerendered page). */
  const isReactRoot = () =>
    page.evaluate<boolean>(
      "Object.keys(document.getElementById('root')).some((key) => key.startsWith('__reactContainer'))",
    );

  it('paints the landing page without JavaScript', async () => {
    const noScript = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
    try {
      const bare = await noScript.newPage();
      await bare.goto('/');
      await bare.getByRole('heading', { name: /On-brand social posts/ }).waitFor({ timeout: 5000 });
      await bare.getByRole('link', { name: 'Start Free Trial' }).first().waitFor();
    } finally {
      await noScript.close();
    }
  });

  it('keeps the landing page when the current-user question fails, asks again and takes the page over', async () => {
    const failures = await dropGraphQL(2);
    await page.goto('/');
    await page.getByRole('heading', { name: /On-brand social posts/ }).waitFor();
    await expect.poll(isReactRoot, { timeout: 10_000 }).toBe(true);
    expect(failures.dropped()).toBe(2);
    // The adopted page is the app's: its links navigate without reloading.
    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(consoleErrors).toEqual([]);
  });

  it('a signed-in visitor never falls back to the signed-out screens on a network error', async () => {
    const signUp = await page.request.post('/api/signup', {
      data: { firstName: 'Ana', lastName: 'Silva', email: uniqueEmail(), password: 'secret1' },
    });
    expect(signUp.status()).toBe(201);

    const failures = await dropGraphQL(1);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome to Brandloom, Ana!' }).waitFor({ timeout: 10_000 });
    expect(failures.dropped()).toBe(1);
    // The server says how long a trial is; billing may not have set this one up yet.
    await page.getByText('7 days left in your free trial').waitFor();

    // Coming back to the tab asks again; a dropped answer keeps the screen as it is.
    await page.unrouteAll();
    const again = await dropGraphQL(3);
    await page.evaluate("document.dispatchEvent(new Event('visibilitychange'))");
    await expect.poll(again.dropped).toBeGreaterThanOrEqual(2);
    await expect(page.getByRole('heading', { name: 'Welcome to Brandloom, Ana!' }).isVisible()).resolves.toBe(true);
    expect(await page.getByRole('link', { name: 'Start Free Trial' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });
});

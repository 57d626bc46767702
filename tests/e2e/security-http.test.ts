import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteClient, uniqueEmail } from '../support/browser-client.js';
import { startTestServer, type TestServer } from '../support/all-in-one.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.dispose());

describe('a cross-site navigation to sign-out', () => {
  it.each(['/api/logout', '/api/logout/', '/API/LOGOUT', '/Api/Logout/'])(
    'is refused at %s, and the session lives on',
    async (path) => {
      const browser = new SiteClient(server.url);
      await browser.post('/api/signup', { email: uniqueEmail(), password: 'secret1' });
      const response = await browser.get(path, { 'sec-fetch-site': 'cross-site' });
      expect(response.status).toBe(403);
      expect((await browser.get('/api/auth/user')).status).toBe(200);
    },
  );
});

describe('the session cookie over https', () => {
  const PUBLIC_ORIGIN = 'https://app.brandloom.test';
  let secure: TestServer;
  beforeAll(async () => {
    secure = await startTestServer({ PUBLIC_ORIGIN });
  });
  afterAll(() => secure?.dispose());

  it('carries the __Host- prefix, and is the one that is read', async () => {
    const browser = new SiteClient(secure.url);
    const signUp = await browser.post(
      '/api/signup',
      { email: uniqueEmail(), password: 'secret1' },
      { origin: PUBLIC_ORIGIN },
    );
    expect(signUp.status).toBe(201);
    expect(browser.lastSetCookie).toMatch(
      /^__Host-brandloom_session=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax; Secure$/,
    );
    expect((await browser.get('/api/auth/user')).status).toBe(200);

    // A cookie without the prefix could have been planted by a sibling subdomain or over http.
    const planted = new SiteClient(secure.url);
    planted.setCookie('brandloom_session', browser.cookie('__Host-brandloom_session')!);
    expect((await planted.get('/api/auth/user')).status).toBe(401);
  });
});

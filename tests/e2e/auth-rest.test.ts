import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteClient, uniqueEmail, userOf } from '../support/browser-client.js';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import { userWithTrial } from '../support/trial.js';

const ADMIN_EMAIL = 'admin@brandloom.test';
const ADMIN_PASSWORD = 'correct horse battery';
const DAY = 86_400_000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL, ADMIN_PASSWORD });
});
afterAll(() => server?.dispose());

const client = () => new SiteClient(server.url);

async function signUp(browser: SiteClient, overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const response = await browser.post('/api/signup', {
    firstName: 'Ana',
    lastName: 'Silva',
    email,
    password: 'secret1',
    ...overrides,
  });
  return { email, response };
}

describe('GET /api/auth/user', () => {
  it('answers 401 with a JSON message when signed out', async () => {
    const response = await client().get('/api/auth/user');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Not signed in' });
  });

  it('ignores a made-up session cookie', async () => {
    const browser = client();
    browser.setCookie('brandloom_session', 'x'.repeat(43));
    expect((await browser.get('/api/auth/user')).status).toBe(401);
  });
});

describe('POST /api/signup', () => {
  it('opens an account, starts a 7-day trial and signs the new user in', async () => {
    const browser = client();
    const { email, response } = await signUp(browser);
    expect(response.status).toBe(201);
    const user = await userOf(response);
    expect(user).toMatchObject({
      email,
      firstName: 'Ana',
      lastName: 'Silva',
      isAdmin: false,
      isActive: true,
      subscriptionTier: null,
    });
    expect(JSON.stringify(user)).not.toMatch(/argon2|password/i);

    expect(browser.lastSetCookie).toMatch(
      /^brandloom_session=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const me = await browser.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(await me.json()).toMatchObject({ id: user.id, email });

    // Billing starts the trial from the registration event it consumes, a moment later.
    const withTrial = await userWithTrial(browser);
    expect(withTrial).toMatchObject({ id: user.id, subscriptionStatus: 'trial', subscriptionTier: null });
    expect(Date.parse(withTrial.trialEndsAt) - Date.parse(withTrial.createdAt)).toBe(7 * DAY);
  });

  it('refuses an email already registered, whatever its case', async () => {
    const { email } = await signUp(client());
    const again = await client().post('/api/signup', { email: email.toUpperCase(), password: 'secret1' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'An account with this email already exists' });
  });

  it.each([
    [{ email: '', password: 'secret1' }, 'Please fill in all required fields'],
    [{ email: uniqueEmail() }, 'Please fill in all required fields'],
    [{ email: uniqueEmail(), password: 'abc' }, 'Password must be at least 6 characters'],
    [{ email: 'not-an-email', password: 'secret1' }, 'Invalid email address'],
  ])('refuses %j with a 400 and the form message', async (body, message) => {
    const response = await client().post('/api/signup', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });

  it('refuses a body that is not a JSON object, or not JSON at all', async () => {
    const array = await client().post('/api/signup', [1, 2]);
    expect(array.status).toBe(400);
    const broken = await client().request('POST', '/api/signup', '{"email":', { 'content-type': 'application/json' });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('refuses a wrongly typed field with a 400, not a 500', async () => {
    const response = await client().post('/api/signup', { email: 42, password: 'secret1' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: unknown }).message).toEqual(expect.any(String));
  });
});

describe('POST /api/signin', () => {
  it('signs in with the right password, rotating the session', async () => {
    const browser = client();
    const { email } = await signUp(browser);
    await userWithTrial(browser);
    const signupToken = browser.cookie('brandloom_session');

    const response = await browser.post('/api/signin', { email: ` ${email.toUpperCase()} `, password: 'secret1' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email, subscriptionStatus: 'trial' });
    expect(browser.cookie('brandloom_session')).not.toBe(signupToken);

    const stale = new SiteClient(server.url);
    stale.setCookie('brandloom_session', signupToken!);
    expect((await stale.get('/api/auth/user')).status).toBe(401);
    expect((await browser.get('/api/auth/user')).status).toBe(200);
  });

  it('refuses a wrong password or an unknown email with the same message', async () => {
    const { email } = await signUp(client());
    for (const body of [
      { email, password: 'wrong-password' },
      { email: uniqueEmail(), password: 'secret1' },
    ]) {
      const response = await client().post('/api/signin', body);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Invalid email or password' });
    }
  });

  it('asks for both fields', async () => {
    const response = await client().post('/api/signin', { email: 'ana@shop.test' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Please fill in all fields' });
  });
});

describe('GET /api/logout', () => {
  it('ends the session and clears the cookie', async () => {
    const browser = client();
    await signUp(browser);
    const token = browser.cookie('brandloom_session')!;
    const response = await browser.get('/api/logout');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Signed out' });
    expect(browser.lastSetCookie).toMatch(/^brandloom_session=; Max-Age=0;/);

    const replay = new SiteClient(server.url);
    replay.setCookie('brandloom_session', token);
    expect((await replay.get('/api/auth/user')).status).toBe(401);
  });

  it('sends a browser navigation back to the landing page', async () => {
    const response = await client().get('/api/logout', { accept: 'text/html' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
  });

  it('refuses a cross-site navigation', async () => {
    const response = await client().get('/api/logout', { 'sec-fetch-site': 'cross-site' });
    expect(response.status).toBe(403);
  });
});

describe('POST /api/master-login', () => {
  it('signs in the admin provisioned from the environment', async () => {
    const browser = client();
    const response = await browser.post('/api/master-login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email: ADMIN_EMAIL, isAdmin: true });
    expect(await (await browser.get('/api/auth/user')).json()).toMatchObject({ isAdmin: true });
  });

  it('refuses an account that is not an admin, without saying so', async () => {
    const { email } = await signUp(client());
    const response = await client().post('/api/master-login', { email, password: 'secret1' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Invalid email or password' });
  });
});

describe('the gateway', () => {
  it('takes any loopback origin on its own port as the site when no public origin is set', async () => {
    const { port } = new URL(server.url);
    for (const origin of [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`]) {
      // An empty form: answered by the service (400) once the gateway lets it through.
      const response = await client().post('/api/signin', {}, { origin });
      expect(response.status).toBe(400);
    }
    for (const origin of [`http://localhost:${Number(port) + 1}`, `https://localhost:${port}`, 'null']) {
      const response = await client().post('/api/signin', {}, { origin });
      expect(response.status).toBe(403);
    }
  });

  it('refuses a state-changing request from another origin', async () => {
    const response = await client().post(
      '/api/signin',
      { email: 'a@b.test', password: 'x' },
      { origin: 'https://evil.test' },
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Cross-origin request refused' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await client().get('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'No such API path: GET /api/nothing-here' });
  });

  it('serves the web app for every other path, with security headers', async () => {
    const response = await client().get('/schedule-queue');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toContain('<div id="root">');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('reports liveness and readiness', async () => {
    expect((await client().get('/healthz')).status).toBe(200);
    const ready = await client().get('/readyz');
    expect(ready.status).toBe(200);
    const readiness = (await ready.json()) as { ready: boolean; parts: { name: string; status: string }[] };
    expect(readiness.ready).toBe(true);
    expect(readiness.parts.map((part) => part.name)).toEqual(
      expect.arrayContaining(['identity/read-models', 'identity/outbox', 'billing/reactions', 'billing/inbox']),
    );
    expect(readiness.parts.every((part) => part.status === 'running')).toBe(true);
  });

  it('answers GraphQL: me is null when signed out', async () => {
    const response = await client().post('/graphql', { query: '{ me { id } }' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { me: null } });
  });

  it('hides the gateway-only session lookup from the public graph', async () => {
    const response = await client().post('/graphql', { query: '{ sessionPrincipal { userId } }' });
    const body = (await response.json()) as { errors?: { message: string }[] };
    expect(body.errors?.[0]?.message).toMatch(/Cannot query field "sessionPrincipal"/);
  });
});

describe('after a restart', () => {
  it('still knows every account, session and trial', async () => {
    const browser = client();
    const { email } = await signUp(browser);
    const before = await userWithTrial(browser);
    server = await server.restart();
    const after = new SiteClient(server.url);
    after.setCookie('brandloom_session', browser.cookie('brandloom_session')!);
    expect(await (await after.get('/api/auth/user')).json()).toEqual(before);
    expect((await client().post('/api/signin', { email, password: 'secret1' })).status).toBe(200);
  });
});

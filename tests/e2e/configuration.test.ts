import { describe, expect, it } from 'vitest';
import { ConfigError } from '@brandloom/runtime';
import { startAllInOne } from '@brandloom/gateway';
import { SiteClient, uniqueEmail, userOf } from '../support/browser-client.js';
import { startTestServer } from '../support/all-in-one.js';
import { userWithTrial } from '../support/trial.js';

describe('a bad setting', () => {
  it.each([
    [{ PORT: 'three thousand' }, /PORT/],
    [{ TRIAL_DAYS: '0' }, /TRIAL_DAYS/],
    [{ ADMIN_EMAIL: 'admin@shop.test' }, /ADMIN_PASSWORD: set ADMIN_EMAIL and ADMIN_PASSWORD together/],
    [{ PUBLIC_ORIGIN: 'not a url' }, /PUBLIC_ORIGIN/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ EVENTSTORE_URL: 'esdb://shared:2113?tls=false' }, /EVENTSTORE_URL: must contain \{service\}/],
  ])('%j stops the start with a message naming the variable', async (env, message) => {
    const start = startAllInOne({ PORT: '0', DATA_DIR: '.tmp/never-created', LOG_LEVEL: 'silent', ...env });
    await expect(start).rejects.toThrow(ConfigError);
    await expect(start).rejects.toThrow(message);
  });
});

describe('TRIAL_DAYS', () => {
  it('sets the length of the trial a new account starts', async () => {
    const server = await startTestServer({ TRIAL_DAYS: '14' });
    try {
      const browser = new SiteClient(server.url);
      await browser.post('/api/signup', { email: uniqueEmail(), password: 'secret1' });
      const user = await userWithTrial(browser);
      expect(Date.parse(user.trialEndsAt) - Date.parse(user.createdAt)).toBe(14 * 86_400_000);
    } finally {
      await server.dispose();
    }
  });
});

describe('an https PUBLIC_ORIGIN', () => {
  it('makes the session cookie Secure and turns on HSTS', async () => {
    const server = await startTestServer({ PUBLIC_ORIGIN: 'https://app.brandloom.test' });
    try {
      const browser = new SiteClient(server.url);
      const response = await browser.post(
        '/api/signup',
        { email: uniqueEmail(), password: 'secret1' },
        { origin: 'https://app.brandloom.test' },
      );
      expect(response.status).toBe(201);
      expect(browser.lastSetCookie).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    } finally {
      await server.dispose();
    }
  });
});

describe('the master admin from the environment', () => {
  it('is provisioned once, keeps working across restarts, and takes a changed password', async () => {
    const env = { ADMIN_EMAIL: 'Admin@Brandloom.test', ADMIN_PASSWORD: 'first passphrase' };
    let server = await startTestServer(env);
    try {
      const admin = new SiteClient(server.url);
      await admin.post('/api/master-login', { email: 'admin@brandloom.test', password: 'first passphrase' });
      const first = await userWithTrial(admin);
      expect(first).toMatchObject({ isAdmin: true, subscriptionStatus: 'trial' });

      server = await server.restart();
      const again = await userOf(
        await new SiteClient(server.url).post('/api/master-login', {
          email: 'admin@brandloom.test',
          password: 'first passphrase',
        }),
      );
      expect(again.id).toBe(first.id);

      await server.stop();
      server = await startTestServer({ ...env, ADMIN_PASSWORD: 'second passphrase' }, server.dataDir);
      const old = await new SiteClient(server.url).post('/api/master-login', {
        email: 'admin@brandloom.test',
        password: 'first passphrase',
      });
      expect(old.status).toBe(401);
      const changed = await userOf(
        await new SiteClient(server.url).post('/api/master-login', {
          email: 'admin@brandloom.test',
          password: 'second passphrase',
        }),
      );
      expect(changed.id).toBe(first.id);
    } finally {
      await server.dispose();
    }
  });
});

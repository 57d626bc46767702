import { describe, expect, it } from 'vitest';
import { SiteClient, userOf } from '../support/browser-client.js';
import { startTestServer, type TestServer } from '../support/all-in-one.js';

const ADMIN_EMAIL = 'boss@brandloom.test';
const ADMIN_PASSWORD = 'the operator passphrase';

describe('an account opened with the admin address before the operator set ADMIN_EMAIL', () => {
  it('is not made master admin at the next start, and keeps no admin session', async () => {
    let server: TestServer = await startTestServer();
    const squatter = new SiteClient(server.url);
    try {
      expect((await squatter.post('/api/signup', { email: ADMIN_EMAIL, password: 'squatter1' })).status).toBe(201);
      await server.stop();

      const start = startTestServer({ ADMIN_EMAIL, ADMIN_PASSWORD }, server.dataDir);
      await expect(start).rejects.toThrow(
        /ADMIN_EMAIL: boss@brandloom.test is an account someone opened at the sign-up form.*ADMIN_PROMOTE_EXISTING=true/,
      );

      // Taken over on the operator's word: the squatter's session ends, the operator's password rules.
      server = await startTestServer({ ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_PROMOTE_EXISTING: 'true' }, server.dataDir);
      const stale = new SiteClient(server.url);
      stale.setCookie('brandloom_session', squatter.cookie('brandloom_session')!);
      expect((await stale.get('/api/auth/user')).status).toBe(401);
      const squatterAgain = await new SiteClient(server.url).post('/api/master-login', {
        email: ADMIN_EMAIL,
        password: 'squatter1',
      });
      expect(squatterAgain.status).toBe(401);
      const operator = new SiteClient(server.url);
      const signedIn = await operator.post('/api/master-login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(await userOf(signedIn)).toMatchObject({ email: ADMIN_EMAIL, isAdmin: true });
    } finally {
      await server.dispose();
    }
  });
});

describe('a master admin that ADMIN_EMAIL no longer names', () => {
  it('is demoted at the next start and its sessions end', async () => {
    let server = await startTestServer({ ADMIN_EMAIL, ADMIN_PASSWORD });
    try {
      const admin = new SiteClient(server.url);
      expect((await admin.post('/api/master-login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(
        200,
      );
      await server.stop();

      server = await startTestServer({ ADMIN_EMAIL: 'successor@brandloom.test', ADMIN_PASSWORD }, server.dataDir);
      const stale = new SiteClient(server.url);
      stale.setCookie('brandloom_session', admin.cookie('brandloom_session')!);
      expect((await stale.get('/api/auth/user')).status).toBe(401);
      const again = new SiteClient(server.url);
      expect((await again.post('/api/master-login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(
        401,
      );
      const asUser = await again.post('/api/signin', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(await userOf(asUser)).toMatchObject({ isAdmin: false });
    } finally {
      await server.dispose();
    }
  });
});

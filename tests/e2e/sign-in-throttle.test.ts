import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteClient, uniqueEmail } from '../support/browser-client.js';
import { startTestServer, type TestServer } from '../support/all-in-one.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.dispose());

describe('sign-in attempts', () => {
  it('are refused with 429 after ten failures for an account, even with the right password', async () => {
    const email = uniqueEmail();
    await new SiteClient(server.url).post('/api/signup', { email, password: 'secret1' });
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await new SiteClient(server.url).post('/api/signin', { email, password: `wrong-${attempt}` });
      expect(response.status).toBe(401);
    }
    const blocked = await new SiteClient(server.url).post('/api/signin', { email, password: 'secret1' });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
    });
  });

  it('are refused for the whole address once it has failed ten times', async () => {
    // The first test's ten failures came from this address too.
    const response = await new SiteClient(server.url).post('/api/master-login', {
      email: uniqueEmail(),
      password: 'whatever',
    });
    expect(response.status).toBe(429);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '@brandloom/runtime';
import { startAllInOne } from '@brandloom/gateway';
import { SiteClient, uniqueEmail } from '../support/browser-client.js';
import { startTestServer, type TestServer } from '../support/all-in-one.js';

/**
 * Behind one proxy (TRUST_PROXY=1) the client address is the last X-Forwarded-For entry, the one
 * the proxy wrote; each test speaks from an address of its own that way.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(() => server?.dispose());

let addresses = 0;
const freshAddress = () => `198.51.100.${++addresses}`;
const from = (address: string, claimed = '') => ({ 'x-forwarded-for': claimed ? `${claimed}, ${address}` : address });
const post = (path: string, body: unknown, headers: Record<string, string>) =>
  new SiteClient(server.url).post(path, body, headers);

describe('200 parallel guesses at one account', () => {
  it('get ten checks and 190 refusals; the right password among the refused does not sign in', async () => {
    const email = uniqueEmail();
    await post('/api/signup', { email, password: 'the-right-one' }, from(freshAddress()));
    const address = freshAddress();
    const guesses = Array.from({ length: 200 }, (_, i) => (i === 199 ? 'the-right-one' : `guess-${i}`));
    const answers = await Promise.all(
      guesses.map((password) => post('/api/signin', { email, password }, from(address))),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(190);
    expect(statuses.filter((status) => status === 401 || status === 200)).toHaveLength(10);
    // The right password came last: by then the account was locked.
    expect(statuses[199]).toBe(429);
  });
});

describe('the sign-in email', () => {
  it('longer than 254 characters is refused with a 400 and never kept as a key', async () => {
    const long = `${'a'.repeat(10_000)}@shop.test`;
    const response = await post('/api/signin', { email: long, password: 'whatever' }, from(freshAddress()));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Invalid email address' });
  });
});

describe('X-Forwarded-For behind one proxy', () => {
  it('lets no client pick its own address to dodge the limit', async () => {
    const address = freshAddress();
    for (let attempt = 0; attempt < 10; attempt++) {
      const claimed = `203.0.113.${attempt}`;
      const response = await post('/api/signin', { email: uniqueEmail(), password: 'x' }, from(address, claimed));
      expect(response.status).toBe(401);
    }
    const blocked = await post('/api/signin', { email: uniqueEmail(), password: 'x' }, from(address, '192.0.2.99'));
    expect(blocked.status).toBe(429);
  });

  it('TRUST_PROXY=true stops the start, saying why', async () => {
    const start = startAllInOne({
      PORT: '0',
      DATA_DIR: '.tmp/never-created',
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'true',
    });
    await expect(start).rejects.toThrow(ConfigError);
    await expect(start).rejects.toThrow(/TRUST_PROXY: true would trust every hop/);
  });
});

describe('sign-ups from one address', () => {
  it('are twenty an hour; the next is refused with a 429 that says why', async () => {
    const address = freshAddress();
    const signUp = () => post('/api/signup', { email: uniqueEmail('staff'), password: 'secret1' }, from(address));
    for (let i = 0; i < 20; i++) expect((await signUp()).status).toBe(201);
    const refused = await signUp();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      message: 'Too many accounts were opened from your network. Please try again in 60 minutes.',
    });
    expect(
      (await post('/api/signup', { email: uniqueEmail(), password: 'secret1' }, from(freshAddress()))).status,
    ).toBe(201);
  });
});

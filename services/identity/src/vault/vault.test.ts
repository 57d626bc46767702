import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, openSqliteEventStore, type EventStore } from '@brandloom/runtime';
import { deciderSpec } from '@brandloom/runtime/testing';
import { vaultDecider } from './credentials.js';
import { loadMasterKey, open, parseMasterKey, seal } from './crypto.js';
import { credentialVault } from './vault.js';
import { vaultResolvers } from './resolvers.js';

const userId = '4b8f8a7e-9a4b-4d8e-8f43-0a5e0c9b1d21';
const secret = 'sk-live-very-secret-9876wxyz';
const now = () => new Date('2026-11-25T10:00:00.000Z');

const dirs: string[] = [];
const stores: EventStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'brandloom-vault-'));
  dirs.push(dir);
  return dir;
}
function storeIn(dir: string) {
  const store = openSqliteEventStore({ file: join(dir, 'identity.db') });
  stores.push(store);
  return store;
}

describe('sealing', () => {
  it('opens only with the same key and context', () => {
    const key = randomBytes(32);
    const sealed = seal(key, Buffer.from(secret), 'a:openaiApiKey');
    expect(sealed).not.toContain(secret);
    expect(open(key, sealed, 'a:openaiApiKey').toString()).toBe(secret);
    expect(() => open(randomBytes(32), sealed, 'a:openaiApiKey')).toThrow();
    expect(() => open(key, sealed, 'b:openaiApiKey')).toThrow();
  });
});

describe('the vault', () => {
  it('stores only ciphertext: not in the events, not in the store file', async () => {
    const dir = tempDir();
    const store = storeIn(dir);
    const vault = credentialVault({ store, masterKey: parseMasterKey(randomBytes(32).toString('base64')), now });
    await vault.checkMasterKey();
    await vault.save(userId, { openaiApiKey: secret }, 'test');
    const events = await store.readAll();
    expect(JSON.stringify(events)).not.toContain(secret);
    expect(JSON.stringify(events)).toContain('identity.CredentialsSaved');
    await store.close();
    stores.length = 0;
    for (const file of ['identity.db', 'identity.db-wal']) {
      const bytes = (() => {
        try {
          return readFileSync(join(dir, file));
        } catch {
          return Buffer.alloc(0);
        }
      })();
      expect(bytes.includes(secret)).toBe(false);
    }
  });

  it('reads masked, keeps a secret saved back masked, removes one saved empty, reveals it to services', async () => {
    const vault = credentialVault({
      store: storeIn(tempDir()),
      masterKey: parseMasterKey(randomBytes(32).toString('hex')),
      now,
    });
    const saved = await vault.save(userId, { openaiApiKey: secret, openaiBaseUrl: 'http://127.0.0.1:11434/v1' }, 't');
    expect(saved).toMatchObject({
      openaiApiKey: '••••wxyz',
      openaiBaseUrl: 'http://127.0.0.1:11434/v1',
      twitterApiKey: null,
    });
    await vault.save(userId, { openaiApiKey: '••••wxyz', twitterApiKey: 'tw-12345678' }, 't');
    expect(await vault.openAiCredentials(userId)).toEqual({ apiKey: secret, baseUrl: 'http://127.0.0.1:11434/v1' });
    const removed = await vault.save(userId, { openaiApiKey: '' }, 't');
    expect(removed).toMatchObject({ openaiApiKey: null, twitterApiKey: '••••5678' });
    expect(await vault.openAiCredentials(userId)).toBeNull();
  });

  it('refuses to start with another master key, and changes nothing', async () => {
    const store = storeIn(tempDir());
    const first = credentialVault({ store, masterKey: parseMasterKey(randomBytes(32).toString('base64')), now });
    await first.checkMasterKey();
    await first.save(userId, { openaiApiKey: secret }, 't');
    const before = (await store.readAll()).length;
    const wrong = credentialVault({ store, masterKey: parseMasterKey(randomBytes(32).toString('base64')), now });
    await expect(wrong.checkMasterKey()).rejects.toThrow(
      /MASTER_KEY is not the key the stored credentials were encrypted with/,
    );
    expect((await store.readAll()).length).toBe(before);
    await first.checkMasterKey();
  });
});

describe('the master key', () => {
  it('is generated once into DATA_DIR with 0600 in the all-in-one mode', () => {
    const dataDir = tempDir();
    const key = loadMasterKey({ masterKey: undefined, dataDir, runMode: 'all-in-one' });
    expect(statSync(join(dataDir, 'master.key')).mode & 0o777).toBe(0o600);
    expect(loadMasterKey({ masterKey: undefined, dataDir, runMode: 'all-in-one' }).equals(key)).toBe(true);
  });

  it('is required in the distributed mode, and must be 32 bytes', () => {
    expect(() => loadMasterKey({ masterKey: undefined, dataDir: tempDir(), runMode: 'distributed' })).toThrow(
      /MASTER_KEY is required/,
    );
    expect(() => parseMasterKey('too-short')).toThrow(ConfigError);
  });
});

describe('the vault decider', () => {
  const spec = deciderSpec(vaultDecider);
  const saved = {
    type: 'identity.CredentialsSaved' as const,
    data: {
      userId,
      wrappedDataKey: 'wrapped-1',
      sealed: { openaiApiKey: 'c1' },
      removed: [],
      set: ['openaiApiKey'],
      at: now().toISOString(),
    },
  };
  it('records changes, keeps the first data key, and ignores removing what is not there', () => {
    spec
      .given([saved])
      .when({
        type: 'SaveCredentials',
        userId,
        wrappedDataKey: 'wrapped-2',
        sealed: {},
        removed: ['openaiApiKey', 'tiktokAppId'],
        at: now().toISOString(),
      })
      .then([
        { type: 'identity.CredentialsSaved', data: { ...saved.data, sealed: {}, removed: ['openaiApiKey'], set: [] } },
      ]);
    spec
      .given([])
      .when({
        type: 'SaveCredentials',
        userId,
        wrappedDataKey: 'w',
        sealed: {},
        removed: ['openaiApiKey'],
        at: now().toISOString(),
      })
      .thenNothingHappened();
  });
});

describe('platform credentials for the publishing service', () => {
  const context = (service?: string) => ({
    caller: {
      userId,
      isAdmin: false,
      sessionTokenHash: null,
      clientAddress: null,
      userAgent: null,
      requestId: 'r',
      ...(service ? { service } : {}),
    },
  });

  it('reveals one platform’s saved fields by bare name, to a service only', async () => {
    const vault = credentialVault({
      store: storeIn(tempDir()),
      masterKey: parseMasterKey(randomBytes(32).toString('hex')),
      now,
    });
    await vault.save(
      userId,
      {
        twitterApiKey: 'tw-key-1',
        twitterAccessTokenSecret: 'tw-secret-2',
        facebookPageId: '104',
        openaiApiKey: secret,
      },
      't',
    );
    const query = vaultResolvers(vault).Query as Record<string, (...args: unknown[]) => unknown>;
    const ask = (platform: string, service?: string) =>
      Promise.resolve().then(() => query['ownerPlatformCredentials']!({}, { platform }, context(service)));
    expect(await ask('twitter', 'publishing')).toEqual({ apiKey: 'tw-key-1', accessTokenSecret: 'tw-secret-2' });
    expect(await ask('facebook', 'publishing')).toEqual({ pageId: '104' });
    expect(await ask('instagram', 'publishing')).toBeNull();
    await expect(ask('myspace', 'publishing')).rejects.toThrow('Unknown platform: myspace');
    // A user's own call (the gateway's) is refused: secrets in clear are for services only.
    await expect(ask('twitter')).rejects.toMatchObject({ extensions: { code: 'FORBIDDEN' } });
  });
});

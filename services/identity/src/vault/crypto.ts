import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '@brandloom/runtime';

/**
 * Envelope encryption: each owner's secrets are sealed with AES-256-GCM under a data key of
 * their own, and that data key is stored wrapped (sealed) under the master key. Rotating the
 * master key means rewrapping data keys, never re-encrypting every secret.
 */
const VERSION = 'v1';

export type MasterKey = Buffer & { readonly __masterKey: unique symbol };

/** `v1.<iv>.<tag>.<ciphertext>` (base64url), bound to `context` (the owner and the field). */
export function seal(key: Buffer, plaintext: Buffer, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Throws when the key, the context or a single bit of the sealed text is wrong. */
export function open(key: Buffer, sealed: string, context: string): Buffer {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('Not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
}

export const newDataKey = (): Buffer => randomBytes(32);
export const wrapDataKey = (master: MasterKey, userId: string, dataKey: Buffer): string =>
  seal(master, dataKey, `data-key:${userId}`);
export const unwrapDataKey = (master: MasterKey, userId: string, wrapped: string): Buffer =>
  open(master, wrapped, `data-key:${userId}`);

/** 32 bytes as 64 hex digits or base64/base64url; anything else is refused with the reason. */
export function parseMasterKey(text: string): MasterKey {
  const trimmed = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64url');
  if (bytes.length !== 32) {
    throw new ConfigError(['MASTER_KEY must be 32 random bytes as 64 hex digits or base64 (openssl rand -base64 32)']);
  }
  return bytes as MasterKey;
}

export const MASTER_KEY_FILE = 'master.key';

/**
 * The master key from MASTER_KEY, or (all-in-one only) from DATA_DIR/master.key, generated
 * there once with 0600 permissions. A process of its own must be given it: a generated key in
 * one service's directory would not survive a move and is easily lost with a container.
 */
export function loadMasterKey(options: {
  masterKey: string | undefined;
  dataDir: string;
  runMode: 'all-in-one' | 'distributed';
}): MasterKey {
  if (options.masterKey) return parseMasterKey(options.masterKey);
  if (options.runMode === 'distributed') {
    throw new ConfigError([
      'MASTER_KEY is required when identity runs as its own process (it encrypts the owners’ credentials)',
    ]);
  }
  const file = join(options.dataDir, MASTER_KEY_FILE);
  if (existsSync(file)) return parseMasterKey(readFileSync(file, 'utf8'));
  mkdirSync(options.dataDir, { recursive: true });
  // 'wx': never overwrite a key someone else just wrote; that would orphan their secrets.
  writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return parseMasterKey(readFileSync(file, 'utf8'));
}

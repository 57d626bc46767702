import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.js';

describe('a password', () => {
  it('is stored as an argon2id hash with a random salt', async () => {
    const [first, second] = await Promise.all([hashPassword('secret1'), hashPassword('secret1')]);
    expect(first).toMatch(/^\$argon2id\$v=19\$/);
    expect(first).not.toBe(second);
  });

  it('verifies only against its own hash', async () => {
    const hash = await hashPassword('secret1');
    expect(await verifyPassword(hash, 'secret1')).toBe(true);
    expect(await verifyPassword(hash, 'secret2')).toBe(false);
    expect(await verifyPassword('not a hash', 'secret1')).toBe(false);
  });

  it('never matches the decoy used for unknown emails', async () => {
    expect(await verifyAgainstDecoy('decoy password that matches no account')).toBe(false);
  });
});

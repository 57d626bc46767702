import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Argon2id (the library's `Algorithm.Argon2id`; a const enum cannot be imported as a value here). */
const ARGON2ID = 2 as Algorithm;

export const hashPassword = (password: string): Promise<string> => hash(password, { algorithm: ARGON2ID });

export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> =>
  verify(passwordHash, password).catch(() => false);

/**
 * Checked when no account matches the email, so that a wrong email takes as long as a wrong
 * password and response times do not reveal which addresses have accounts.
 */
let decoyHash: Promise<string> | null = null;
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy password that matches no account');
  await verifyPassword(await decoyHash, password);
  return false;
}

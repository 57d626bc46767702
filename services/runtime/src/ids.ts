import { createHash, randomUUID } from 'node:crypto';

/** Namespace for every name-based id Brandloom derives (a fixed, random uuid). */
const BRANDLOOM_NAMESPACE = '8f0d8a52-3c6e-4f0b-9a53-6f1f1c6c2a11';

/** RFC 4122 name-based uuid (version 5, SHA-1). */
export function uuidV5(name: string, namespace: string = BRANDLOOM_NAMESPACE): string {
  const namespaceBytes = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(namespaceBytes).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The id of the `index`-th event a reaction emits because of `causationId`. A redelivered cause
 * yields the same ids, so the store drops the repeat instead of recording it twice.
 */
export function causedEventId(causationId: string, index: number): string {
  return uuidV5(`${causationId}/${index}`);
}

export const newId = (): string => randomUUID();

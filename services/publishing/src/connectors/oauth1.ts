import { createHmac, randomBytes } from 'node:crypto';

/** The four OAuth 1.0a user-context secrets X issues an app and an account. */
export interface OAuth1Credentials {
  consumerKey: string;
  consumerSecret: string;
  token: string;
  tokenSecret: string;
}

/** RFC 3986 percent-encoding, as OAuth 1.0a (RFC 5849 §3.6) requires: stricter than encodeURIComponent. */
export const percentEncode = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The HMAC-SHA1 signature of a request (RFC 5849 §3.4): method, base URL without query, and
 * every oauth_ and query/form parameter, sorted. A JSON body is not part of it.
 */
export function oauth1Signature(
  method: string,
  url: string,
  parameters: Readonly<Record<string, string>>,
  consumerSecret: string,
  tokenSecret: string,
): string {
  const normalized = Object.entries(parameters)
    .map(([key, value]) => [percentEncode(key), percentEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const base = [method.toUpperCase(), percentEncode(url), percentEncode(normalized)].join('&');
  const key = `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
  return createHmac('sha1', key).update(base).digest('base64');
}

/** The `Authorization: OAuth …` header for one request; query parameters of `url` are signed too. */
export function oauth1Header(
  method: string,
  url: string,
  credentials: OAuth1Credentials,
  at: { nonce?: string; timestamp?: number } = {},
): string {
  const parsed = new URL(url);
  const oauth: Record<string, string> = {
    oauth_consumer_key: credentials.consumerKey,
    oauth_nonce: at.nonce ?? randomBytes(16).toString('hex'),
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(at.timestamp ?? Math.floor(Date.now() / 1000)),
    oauth_token: credentials.token,
    oauth_version: '1.0',
  };
  const query = Object.fromEntries(parsed.searchParams.entries());
  const signature = oauth1Signature(
    method,
    `${parsed.origin}${parsed.pathname}`,
    { ...query, ...oauth },
    credentials.consumerSecret,
    credentials.tokenSecret,
  );
  const fields = { ...oauth, oauth_signature: signature };
  return `OAuth ${Object.entries(fields)
    .map(([key, value]) => `${percentEncode(key)}="${percentEncode(value)}"`)
    .join(', ')}`;
}

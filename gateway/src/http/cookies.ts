import type { SessionGrant } from '@brandloom/runtime';

export const SESSION_COOKIE = 'brandloom_session';
/**
 * Over https the cookie carries the `__Host-` prefix: browsers then accept it only with
 * Secure, Path=/ and no Domain, so neither a sibling subdomain nor a plain-http page can plant
 * or overwrite it.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

export const sessionCookieName = (secure: boolean): string => (secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
    }
  }
  return null;
}

/** The Set-Cookie header for a session grant: HttpOnly, SameSite=Lax, Secure and `__Host-` behind https. */
export function sessionCookie(grant: SessionGrant, secure: boolean): string {
  const name = sessionCookieName(secure);
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  if (grant.kind === 'clear') {
    return [`${name}=`, 'Max-Age=0', ...attributes].join('; ');
  }
  const maxAge = Math.max(0, Math.floor((Date.parse(grant.expiresAt) - Date.now()) / 1000));
  return [`${name}=${grant.token}`, `Max-Age=${maxAge}`, ...attributes].join('; ');
}

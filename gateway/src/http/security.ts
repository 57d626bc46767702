import type { NextFunction, Request, Response } from 'express';

/**
 * The content security policy. With Stripe's card form, exactly what Stripe.js asks for
 * (https://docs.stripe.com/security/guide#content-security-policy): its script, its API, and
 * its frames; nothing else from anywhere else.
 */
export function contentSecurityPolicy({ allowStripe }: { allowStripe: boolean }): string {
  const stripe = (...sources: string[]) => (allowStripe ? ` ${sources.join(' ')}` : '');
  return [
    "default-src 'self'",
    `script-src 'self'${stripe('https://js.stripe.com')}`,
    // Chakra UI (Emotion) injects its styles at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src 'self'${stripe('https://api.stripe.com')}`,
    ...(allowStripe ? ['frame-src https://js.stripe.com https://hooks.stripe.com'] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(secure: boolean, { allowStripe }: { allowStripe: boolean } = { allowStripe: false }) {
  const policy = contentSecurityPolicy({ allowStripe });
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Content-Security-Policy', policy);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * GET paths that change state, matched as Express routes them (case-insensitive, an optional
 * trailing slash), so `/API/LOGOUT` and `/api/logout/` are refused cross-site as well.
 */
const STATE_CHANGING_GET = /^\/api\/logout\/?$/i;

/**
 * CSRF defence: a state-changing request from a browser carries an Origin; one from another
 * site is refused. Requests without Origin come from non-browser clients, which cannot ride on
 * a visitor's cookie. GET /api/logout changes state too, so a cross-site navigation to it is
 * refused by its Sec-Fetch-Site. With no public origin configured (a local run), the site is
 * any loopback address on the port the request came in on: localhost, 127.0.0.1 or [::1].
 */
export function sameOriginMutations(publicOrigin: string | null) {
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.header('origin');
    const crossSite = req.header('sec-fetch-site') === 'cross-site';
    const changesState = !SAFE_METHODS.has(req.method) || STATE_CHANGING_GET.test(req.path);
    const foreign = origin !== undefined && !isSiteOrigin(origin, publicOrigin, req.socket.localPort);
    if (changesState && (foreign || crossSite)) {
      res.status(403).json({ message: 'Cross-origin request refused' });
      return;
    }
    next();
  };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isSiteOrigin(origin: string, publicOrigin: string | null, localPort: number | undefined): boolean {
  if (publicOrigin) return origin === publicOrigin;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && Number(url.port) === localPort;
  } catch {
    return false;
  }
}

/** Answers about a signed-in user must never sit in a browser or proxy cache. */
export function noStore(_req: Request, res: Response, next: NextFunction) {
  res.setHeader('Cache-Control', 'no-store');
  next();
}

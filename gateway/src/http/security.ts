import type { NextFunction, Request, Response } from 'express';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Chakra UI (Emotion) injects its styles at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function securityHeaders(secure: boolean) {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
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

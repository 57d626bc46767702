import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '@brandloom/runtime';

/**
 * One line per request: method, path (never the query string, which may carry tokens), status
 * and duration. Health checks are left out; they would drown everything else. The path is the
 * one the client asked for: by the time the response finishes, `req.path` is relative to the
 * router that answered (`/graphql` would read `/`).
 */
export function accessLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path === '/healthz' || req.path === '/readyz') return next();
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info('request', {
        method: req.method,
        path: req.originalUrl.split('?')[0],
        status: res.statusCode,
        durationMs: Math.round(durationMs * 10) / 10,
      });
    });
    next();
  };
}

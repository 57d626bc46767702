import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '@brandloom/runtime';

/**
 * One line per request: method, path (never the query string, which may carry tokens), status
 * and duration. Health checks are left out; they would drown everything else.
 */
export function accessLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path === '/healthz' || req.path === '/readyz') return next();
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info('request', {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        durationMs: Math.round(durationMs * 10) / 10,
      });
    });
    next();
  };
}

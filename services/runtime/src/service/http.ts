import type { Server } from 'node:http';
import type express from 'express';
import type { Logger } from '../log/logger.js';

export function stopOnSignals(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('shutdown failed', { error });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
}

/** Starts listening; rejects when the port cannot be had (Express 5 hands the error to the callback). */
export function listen(app: express.Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(server)));
  });
}

/** The port a listening server got (the one asked for, or the one the system chose for 0). */
export function portOf(server: Server): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** How long in-flight requests get to finish at shutdown. */
const SHUTDOWN_GRACE_MS = 5000;

/**
 * Stop accepting connections, drop idle keep-alives, let in-flight requests finish, and after
 * SHUTDOWN_GRACE_MS close whatever is still open.
 */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    server.close((error) => {
      clearTimeout(force);
      if (error) reject(error);
      else resolve();
    });
    server.closeIdleConnections();
  });
}

import type { Server } from 'node:http';
import express from 'express';
import { z } from 'zod';
import { readinessOf } from '../background/work.js';
import { loadConfig, port } from '../config/env.js';
import { createLogger, type Logger } from '../log/logger.js';
import { subgraphHttpRouter } from '../subgraph/host.js';
import { openBus, serviceInfrastructure, storageEnvSchema } from './infrastructure.js';
import { startService, type ServiceInfrastructure, type ServiceModule } from './service.js';

export const serviceProcessEnvSchema = storageEnvSchema.extend({
  PORT: port(0),
  HOST: z.string().min(1).default('127.0.0.1'),
  INTERNAL_SECRET: z.string().min(32, 'must be at least 32 characters (shared by the gateway and every service)'),
});

/**
 * Runs one service as its own process (distributed mode): its store, the bus, and its subgraph
 * over HTTP at /graphql, with /healthz and /readyz. Stops cleanly on SIGTERM and SIGINT.
 */
export async function runServiceProcess<Settings>(options: {
  name: string;
  settingsSchema: z.ZodType<Settings>;
  create: (infrastructure: ServiceInfrastructure, settings: Settings) => ServiceModule;
}): Promise<void> {
  const env = loadConfig(serviceProcessEnvSchema, process.env);
  const settings = loadConfig(options.settingsSchema, process.env);
  const logger = createLogger(env.LOG_LEVEL, { process: options.name });
  const bus = await openBus(env, options.name, logger);
  const infrastructure = serviceInfrastructure(options.name, env, bus, logger);
  const running = await startService(options.create(infrastructure, settings), infrastructure);

  const app = express();
  app.disable('x-powered-by');
  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  app.get('/readyz', (_req, res) => {
    const readiness = readinessOf(running.parts());
    res.status(readiness.ready ? 200 : 503).json(readiness);
  });
  app.use(subgraphHttpRouter(running.server, env.INTERNAL_SECRET));
  const server = await listen(app, env.PORT, env.HOST);
  logger.info('subgraph listening', { url: `http://${env.HOST}:${portOf(server)}/graphql` });
  stopOnSignals(logger, async () => {
    await closeServer(server);
    await running.stop();
    await bus.close();
    await infrastructure.store.close();
  });
}

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

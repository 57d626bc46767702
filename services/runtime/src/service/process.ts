import express from 'express';
import { z } from 'zod';
import { readinessOf } from '../background/work.js';
import { loadConfig, port } from '../config/env.js';
import { createLogger } from '../log/logger.js';
import { subgraphHttpRouter } from '../subgraph/host.js';
import { closeServer, listen, portOf, stopOnSignals } from './http.js';
import { storageEnvSchema } from '../config/storage.js';
import { openBus, serviceInfrastructure } from './infrastructure.js';
import type { ServiceDefinition } from './contract.js';
import { startService } from './service.js';
import { HttpServiceDirectory } from '../service-client/service-client.js';

export const serviceProcessEnvSchema = storageEnvSchema.extend({
  PORT: port(0),
  HOST: z.string().min(1).default('127.0.0.1'),
  INTERNAL_SECRET: z.string().min(32, 'must be at least 32 characters (shared by the gateway and every service)'),
});

/**
 * Runs one service as its own process (distributed mode): its store, the bus, and its subgraph
 * over HTTP at /graphql, with /healthz and /readyz. Stops cleanly on SIGTERM and SIGINT.
 */
export async function runServiceProcess<Settings>(options: ServiceDefinition<Settings>): Promise<void> {
  const env = loadConfig(serviceProcessEnvSchema, process.env);
  const settings = loadConfig(options.settingsSchema, process.env);
  const logger = createLogger(env.LOG_LEVEL, { process: options.name });
  const bus = await openBus(env, options.name, logger);
  const infrastructure = {
    ...serviceInfrastructure(options.name, env, bus, logger),
    services: new HttpServiceDirectory(env.INTERNAL_SECRET, process.env).clientFor(options.name),
    runMode: 'distributed' as const,
  };
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

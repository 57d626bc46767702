import { fileURLToPath } from 'node:url';
import type { DocumentNode } from 'graphql';
import {
  closeServer,
  listen,
  portOf,
  createLogger,
  loadConfig,
  openBus,
  serviceInfrastructure,
  startService,
  type Logger,
  type RunningService,
  type ServiceInfrastructure,
} from '@brandloom/runtime';
import { serviceCatalog } from './catalog.js';
import { allInOneEnvSchema } from './config.js';
import { createGateway } from './server.js';
import { InProcessSubgraphClient } from './subgraphs/client.js';

export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface AllInOne {
  url: string;
  port: number;
  logger: Logger;
  stop(): Promise<void>;
}

/**
 * Every service and the gateway in one process: sqlite files under DATA_DIR and the in-process
 * bus by default (NATS when NATS_URL is set). The same service code as the distributed mode.
 */
export async function startAllInOne(env: Record<string, string | undefined> = process.env): Promise<AllInOne> {
  const config = loadConfig(allInOneEnvSchema, env);
  const logger = createLogger(config.LOG_LEVEL);
  const bus = await openBus(config, 'brandloom', logger);

  const services: { running: RunningService; infrastructure: ServiceInfrastructure; typeDefs: DocumentNode }[] = [];
  for (const { name, typeDefs, create } of serviceCatalog) {
    const infrastructure = serviceInfrastructure(name, config, bus, logger);
    services.push({
      running: await startService(create(infrastructure, env), infrastructure),
      infrastructure,
      typeDefs,
    });
  }

  const gateway = await createGateway({
    subgraphs: services.map(({ running, typeDefs }) => ({
      name: running.name,
      typeDefs,
      client: new InProcessSubgraphClient(running.name, running.server, config.INTERNAL_SECRET, running.parts),
    })),
    publicOrigin: config.PUBLIC_ORIGIN,
    trustProxy: config.TRUST_PROXY,
    webDir: config.WEB_DIR ?? DEFAULT_WEB_DIR,
    logger,
  });

  const server = await listen(gateway.app, config.PORT, config.HOST);
  const port = portOf(server);
  logger.info('Brandloom is running', { url: config.PUBLIC_ORIGIN ?? `http://localhost:${port}` });

  return {
    url: `http://${config.HOST}:${port}`,
    port,
    logger,
    async stop() {
      await closeServer(server);
      await gateway.stop();
      for (const { running } of services.reverse()) await running.stop();
      await bus.close();
      for (const { infrastructure } of services) await infrastructure.store.close();
    },
  };
}

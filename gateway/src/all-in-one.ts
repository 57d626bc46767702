import {
  closeServer,
  createLogger,
  listen,
  loadConfig,
  openBus,
  LocalServiceDirectory,
  portOf,
  serviceInfrastructure,
  startService,
  type Logger,
  type RunningService,
  type ServiceInfrastructure,
} from '@brandloom/runtime';
import { loadServiceContracts, loadServiceDefinitions } from './catalog.js';
import { allInOneEnvSchema, DEFAULT_WEB_DIR } from './config.js';
import { createGateway } from './server.js';
import { InProcessSubgraphClient } from './subgraphs/in-process-client.js';

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
  const [contracts, definitions] = await Promise.all([loadServiceContracts(), loadServiceDefinitions()]);
  // Every service's settings are checked before anything starts, so a bad one changes nothing.
  const settings = definitions.map((definition) => loadConfig(definition.settingsSchema, env));
  const bus = await openBus(config, 'brandloom', logger);

  const services: { running: RunningService; infrastructure: ServiceInfrastructure }[] = [];
  // Services call each other's subgraphs in process, the asking service named in the caller
  // (content asks identity for an owner's key): unsigned, as the gateway's own calls (ADR 0019).
  const directory = new LocalServiceDirectory();
  for (const [index, definition] of definitions.entries()) {
    const infrastructure = {
      ...serviceInfrastructure(definition.name, config, bus, logger),
      services: directory.clientFor(definition.name),
    };
    const running = await startService(definition.create(infrastructure, settings[index]), infrastructure);
    directory.register(running.name, running.execute);
    services.push({ running, infrastructure });
  }

  const sessionOwner = services.find(({ running }) => running.sessionPrincipal)?.running.sessionPrincipal;
  const gateway = await createGateway({
    ...(sessionOwner ? { sessionAuthority: sessionOwner } : {}),
    services: services.map(({ running }, index) => ({
      contract: contracts[index]!,
      client: new InProcessSubgraphClient(running.name, running, running.parts),
    })),
    publicOrigin: config.PUBLIC_ORIGIN,
    trustProxy: config.TRUST_PROXY,
    introspection: config.GRAPHQL_INTROSPECTION,
    allowStripe: Boolean(config.STRIPE_PUBLISHABLE_KEY),
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

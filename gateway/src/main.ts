import {
  closeServer,
  createLogger,
  exitOnStartFailure,
  listen,
  loadConfig,
  portOf,
  stopOnSignals,
} from '@brandloom/runtime';
import { DEFAULT_WEB_DIR } from './all-in-one.js';
import { serviceCatalog, urlVariableOf } from './catalog.js';
import { distributedGatewayEnvSchema } from './config.js';
import { createGateway } from './server.js';
import { HttpSubgraphClient } from './subgraphs/client.js';

/** The gateway of the distributed mode: every subgraph is another process, reached over HTTP. */
async function main(): Promise<void> {
  const config = loadConfig(distributedGatewayEnvSchema, process.env);
  const urls = config as unknown as Record<string, string>;
  const logger = createLogger(config.LOG_LEVEL, { process: 'gateway' });
  const gateway = await createGateway({
    subgraphs: serviceCatalog.map(({ name, typeDefs }) => ({
      name,
      typeDefs,
      client: new HttpSubgraphClient(name, urls[urlVariableOf(name)]!, config.INTERNAL_SECRET),
    })),
    publicOrigin: config.PUBLIC_ORIGIN,
    trustProxy: config.TRUST_PROXY,
    introspection: config.GRAPHQL_INTROSPECTION,
    webDir: config.WEB_DIR ?? DEFAULT_WEB_DIR,
    logger,
  });
  const server = await listen(gateway.app, config.PORT, config.HOST);
  logger.info('gateway listening', { url: config.PUBLIC_ORIGIN ?? `http://localhost:${portOf(server)}` });
  stopOnSignals(logger, async () => {
    await closeServer(server);
    await gateway.stop();
  });
}

await main().catch(exitOnStartFailure);

import {
  closeServer,
  createLogger,
  exitOnStartFailure,
  listen,
  loadConfig,
  portOf,
  stopOnSignals,
} from '@brandloom/runtime/edge';
import { loadServiceContracts, urlVariableOf } from './catalog.js';
import { DEFAULT_WEB_DIR, distributedGatewayEnvSchema } from './config.js';
import { createGateway } from './server.js';
import { HttpSubgraphClient } from './subgraphs/client.js';

/**
 * The gateway of the distributed mode: every service is another process, reached over HTTP.
 * It loads only the services' contracts (schemas and REST rows), never their implementations.
 */
async function main(): Promise<void> {
  const config = loadConfig(distributedGatewayEnvSchema, process.env);
  const urls = config as unknown as Record<string, string>;
  const logger = createLogger(config.LOG_LEVEL, { process: 'gateway' });
  const contracts = await loadServiceContracts();
  const gateway = await createGateway({
    services: contracts.map((contract) => ({
      contract,
      client: new HttpSubgraphClient(
        contract.name,
        urls[urlVariableOf(contract.name)]!,
        config.INTERNAL_SECRET,
        config.SUBGRAPH_TIMEOUT_MS,
      ),
    })),
    publicOrigin: config.PUBLIC_ORIGIN,
    trustProxy: config.TRUST_PROXY,
    introspection: config.GRAPHQL_INTROSPECTION,
    allowStripe: Boolean(config.STRIPE_PUBLISHABLE_KEY),
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

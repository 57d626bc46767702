import type { EventEnvelope, EventRegistry } from '@brandloom/proto-events';
import type { ApolloServer } from '@apollo/server';
import type { Bus, Consumer } from '../bus/port.js';
import type { EventStore, RecordedEvent, Subscription } from '../event-store/port.js';
import type { Logger } from '../log/logger.js';
import { startInbox } from '../messaging/inbox.js';
import { startOutboxRelay } from '../messaging/outbox-relay.js';
import type { ProjectionRunner } from '../projections/runner.js';
import { type Projection } from '../projections/runner.js';
import { startReactions, type Reaction } from '../reactions/runner.js';
import { createSubgraph, type Subgraph, type SubgraphContext, type SubgraphDefinition } from '../subgraph/host.js';

/** What a service needs from the outside world; chosen by configuration, never by the service. */
export interface ServiceInfrastructure {
  store: EventStore;
  bus: Bus;
  registry: EventRegistry;
  logger: Logger;
  now: () => Date;
  /** The service's read models; commands wait on it to read their own writes. */
  readModels: ProjectionRunner;
}

/** One bounded context: its subgraph, its read models, its reactions and its published events. */
export interface ServiceModule {
  name: string;
  subgraph: SubgraphDefinition;
  projections: readonly Projection[];
  reactions?: readonly Reaction[];
  /** Integration events this service publishes; internal events map to null. */
  toIntegrationEvent?: (event: RecordedEvent) => EventEnvelope | null;
  /** Subjects of other contexts' events this service copies into its inbox. */
  consumes?: readonly string[];
  /** Runs after read models are rebuilt and before the service takes requests. */
  onStart?: () => Promise<void>;
}

export interface RunningService {
  name: string;
  server: ApolloServer<SubgraphContext>;
  /** Runs an operation in this process, for the all-in-one gateway (no HTTP, no request pipeline). */
  execute: Subgraph['execute'];
  healthy(): boolean;
  stop(): Promise<void>;
}

/**
 * Starts a service in a fixed order: read models first (so queries answer from a complete
 * picture), then the start hook, the reactions, the inbox and the outbox relay.
 */
export async function startService(
  module: ServiceModule,
  infrastructure: ServiceInfrastructure,
): Promise<RunningService> {
  const { store, bus, registry, logger, readModels } = infrastructure;
  readModels.register(module.projections);
  await readModels.start();
  await module.onStart?.();

  const background: (Subscription | Consumer)[] = [];
  if (module.reactions?.length) background.push(await startReactions(store, module.reactions, logger));
  if (module.consumes?.length) {
    background.push(
      await startInbox({ store, bus, registry, logger, durable: `${module.name}-inbox`, subjects: module.consumes }),
    );
  }
  if (module.toIntegrationEvent) {
    background.push(await startOutboxRelay({ store, bus, logger, toIntegrationEvent: module.toIntegrationEvent }));
  }

  const { server, execute } = createSubgraph(module.subgraph, logger);
  await server.start();
  logger.info('service started', { service: module.name });

  return {
    name: module.name,
    server,
    execute,
    healthy: () => readModels.healthy,
    async stop() {
      await server.stop();
      for (const part of background.reverse()) await part.stop();
      await readModels.stop();
    },
  };
}

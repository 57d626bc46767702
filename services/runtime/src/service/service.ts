import type { EventEnvelope, EventRegistry } from '@brandloom/proto-events';
import type { ApolloServer } from '@apollo/server';
import type { WorkReport } from '../background/work.js';
import type { Bus } from '../bus/port.js';
import type { EventStore, RecordedEvent } from '../event-store/port.js';
import type { Logger } from '../log/logger.js';
import { Inbox } from '../messaging/inbox.js';
import { OutboxRelay } from '../messaging/outbox-relay.js';
import { ParkingLot } from '../parking/parking-lot.js';
import type { ProjectionRunner } from '../projections/runner.js';
import { type Projection } from '../projections/runner.js';
import { ReactionRunner, type Reaction } from '../reactions/runner.js';
import type { RetryPolicy } from '../retry.js';
import type { ServiceClient } from '../service-client/service-client.js';
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
  /** Overrides of the background workers' retry policies (tests use milliseconds). */
  retry?: { reactions?: RetryPolicy; inbox?: RetryPolicy; publish?: RetryPolicy };
  /** How often the parking lot looks for replay requests; 1 s by default. */
  parkingPollIntervalMs?: number;
  /** Calls to other services' subgraphs, signed as this service (absent: none reachable). */
  services?: ServiceClient;
  /** 'distributed' when this process runs one service (settings a lone process must have). */
  runMode?: 'all-in-one' | 'distributed';
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
  /** The service's own periodic work (a durable timer), started after the reactions, stopped before them. */
  background?: readonly (() => StoppableWork)[];
  /**
   * The session owner's answer to "who does the session with this token hash speak for?", the
   * same its contract's `sessions.principalQuery` gives over HTTP, for a gateway in this process.
   */
  sessionPrincipal?: SessionPrincipalLookup;
}

/** Who a session (by the SHA-256 of its token) speaks for right now, or null. */
export type SessionPrincipalLookup = (tokenHash: string) => Promise<{ userId: string; isAdmin: boolean } | null>;

export interface RunningService {
  name: string;
  server: ApolloServer<SubgraphContext>;
  /** Runs an operation in this process, for the all-in-one gateway (no HTTP, no request pipeline). */
  execute: Subgraph['execute'];
  /** How each background part of the service is doing: read models, reactions, inbox, outbox. */
  parts(): WorkReport[];
  /** Where this service sets aside what its workers could not handle. */
  parking: ParkingLot;
  /** Set by the service that owns sessions (see `ServiceModule.sessionPrincipal`). */
  sessionPrincipal?: SessionPrincipalLookup;
  stop(): Promise<void>;
}

export interface StoppableWork {
  report(): WorkReport;
  stop(): Promise<void>;
}

/**
 * Starts a service in a fixed order: read models first (so queries answer from a complete
 * picture), then the start hook, the reactions, the inbox, the outbox relay and the parking lot
 * (which replays what an operator asks for).
 */
export async function startService(
  module: ServiceModule,
  infrastructure: ServiceInfrastructure,
): Promise<RunningService> {
  const { store, bus, registry, logger, readModels, retry } = infrastructure;
  readModels.register(module.projections);
  await readModels.start();
  await module.onStart?.();

  const parking = new ParkingLot(store, logger, {
    now: infrastructure.now,
    ...(infrastructure.parkingPollIntervalMs ? { pollIntervalMs: infrastructure.parkingPollIntervalMs } : {}),
  });
  const background: StoppableWork[] = [];
  const workerName = (part: string) => `${module.name}/${part}`;
  if (module.reactions?.length) {
    background.push(
      await ReactionRunner.start({
        store,
        reactions: module.reactions,
        logger,
        parking,
        name: workerName('reactions'),
        ...(retry?.reactions ? { retry: retry.reactions } : {}),
      }),
    );
  }
  if (module.consumes?.length) {
    background.push(
      await Inbox.start({
        store,
        bus,
        registry,
        logger,
        parking,
        name: workerName('inbox'),
        durable: `${module.name}-inbox`,
        subjects: module.consumes,
        ...(retry?.inbox ? { retry: retry.inbox } : {}),
      }),
    );
  }
  if (module.toIntegrationEvent) {
    background.push(
      await OutboxRelay.start({
        store,
        bus,
        logger,
        parking,
        name: workerName('outbox'),
        toIntegrationEvent: module.toIntegrationEvent,
        ...(retry?.publish ? { retry: retry.publish } : {}),
      }),
    );
  }
  parking.start();
  for (const start of module.background ?? []) background.push(start());

  const { server, execute } = createSubgraph(module.subgraph, logger);
  await server.start();
  logger.info('service started', { service: module.name });

  const parts = () => [readModels.report(), ...background.map((part) => part.report())];
  return {
    name: module.name,
    server,
    execute,
    parts,
    parking,
    ...(module.sessionPrincipal ? { sessionPrincipal: module.sessionPrincipal } : {}),
    async stop() {
      await server.stop();
      await parking.stop();
      for (const part of background.reverse()) await part.stop();
      await readModels.stop();
    },
  };
}

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createIntegrationEventRegistry } from '@brandloom/proto-events';
import type { Bus } from '../bus/port.js';
import { connectNatsBus } from '../bus/nats.js';
import type { StorageEnv } from '../config/storage.js';
import { openSqliteBus } from '../bus/sqlite.js';
import type { EventStore } from '../event-store/port.js';
import { openEventStoreDb } from '../event-store/eventstoredb.js';
import { openSqliteEventStore } from '../event-store/sqlite.js';
import type { Logger } from '../log/logger.js';
import { ProjectionRunner } from '../projections/runner.js';
import type { ServiceInfrastructure } from './service.js';

/**
 * A service's own event store: EventStoreDB when EVENTSTORE_URL is set, otherwise a sqlite file
 * of its own under DATA_DIR. A service never shares its store, so `{service}` in EVENTSTORE_URL
 * is replaced by the service's name (`esdb://{service}-events:2113?tls=false`): one process
 * running several services still gives each its own database.
 */
export function openEventStoreFor(service: string, env: StorageEnv): EventStore {
  if (env.EVENTSTORE_URL) return openEventStoreDb({ connectionString: eventStoreUrlFor(service, env.EVENTSTORE_URL) });
  mkdirSync(env.DATA_DIR, { recursive: true });
  return openSqliteEventStore({ file: join(env.DATA_DIR, `${service}.db`) });
}

export function eventStoreUrlFor(service: string, template: string): string {
  return template.replaceAll('{service}', service);
}

/**
 * NATS JetStream when NATS_URL is set, otherwise the durable local bus in DATA_DIR/bus.db (as
 * crash-proof as JetStream, for one machine); problems go to the log.
 */
export async function openBus(env: StorageEnv, clientName: string, logger: Logger): Promise<Bus> {
  if (!env.NATS_URL) {
    mkdirSync(env.DATA_DIR, { recursive: true });
    return openSqliteBus({
      file: join(env.DATA_DIR, 'bus.db'),
      onGiveUp: (message) => logger.error('gave up on a message', { ...message }),
    });
  }
  return connectNatsBus({
    servers: env.NATS_URL,
    name: clientName,
    onConsumerError: (error, durable) => logger.error('bus consumer stopped receiving messages', { durable, error }),
  });
}

export function serviceInfrastructure(
  service: string,
  env: StorageEnv,
  bus: Bus,
  logger: Logger,
  now: () => Date = () => new Date(),
): ServiceInfrastructure {
  const store = openEventStoreFor(service, env);
  const serviceLogger = logger.child({ service });
  return {
    store,
    bus,
    registry: createIntegrationEventRegistry(),
    logger: serviceLogger,
    now,
    // Beside the event store in either mode: read models cannot live in EventStoreDB, and a file
    // of their own keeps their commits off the event store's write lock and fsyncs.
    readModels: new ProjectionRunner(store, serviceLogger, {
      database: join(env.DATA_DIR, `${service}.read.db`),
      name: `${service}/read-models`,
    }),
  };
}

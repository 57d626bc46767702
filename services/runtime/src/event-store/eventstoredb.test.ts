import { GenericContainer, Wait, getContainerRuntimeClient } from 'testcontainers';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { eventStoreContract } from './contract.js';
import { openEventStoreDb } from './eventstoredb.js';
import type { EventStore } from './port.js';

const IMAGE = process.env['EVENTSTORE_IMAGE'] ?? 'eventstore/eventstore:24.10';
const HTTP_PORT = 2113;
const SERVER_START_TIMEOUT_MS = 180_000;

interface Server {
  connectionString: string;
  stop(): Promise<void>;
}

type ServerSource = { start: () => Promise<Server> } | { unavailable: string };

/** EVENTSTORE_URL when set, else a throwaway container when a container engine answers. */
async function findServer(): Promise<ServerSource> {
  const url = process.env['EVENTSTORE_URL'];
  if (url) return { start: async () => ({ connectionString: url, stop: async () => {} }) };
  try {
    await getContainerRuntimeClient();
    return { start: startContainer };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { unavailable: `no EVENTSTORE_URL and no container runtime (${reason})` };
  }
}

async function startContainer(): Promise<Server> {
  const container = await new GenericContainer(IMAGE)
    .withEnvironment({
      EVENTSTORE_INSECURE: 'true',
      EVENTSTORE_RUN_PROJECTIONS: 'None',
      EVENTSTORE_MEM_DB: 'true',
      EVENTSTORE_CLUSTER_SIZE: '1',
    })
    .withExposedPorts(HTTP_PORT)
    .withWaitStrategy(Wait.forHttp('/health/live', HTTP_PORT).forStatusCode(204))
    .withStartupTimeout(SERVER_START_TIMEOUT_MS)
    .start();
  return {
    connectionString: `esdb://${container.getHost()}:${container.getMappedPort(HTTP_PORT)}?tls=false`,
    stop: async () => {
      await container.stop();
    },
  };
}

const source = await findServer();

if ('unavailable' in source) {
  console.warn(`Skipping the EventStoreDB contract: ${source.unavailable}`);
  describe('EventStoreDB event store', () => {
    it.skip(`EventStoreDB contract: ${source.unavailable}`, () => {});
  });
} else {
  describe('EventStoreDB event store', () => {
    let server: Server | undefined;

    beforeAll(async () => {
      server = await source.start();
    }, SERVER_START_TIMEOUT_MS);

    afterAll(async () => {
      await server?.stop();
    });

    eventStoreContract('against a server', async () => {
      if (!server) throw new Error('EventStoreDB server did not start');
      const { connectionString } = server;
      let current: EventStore = openEventStoreDb({ connectionString });
      return {
        store: current,
        async reopen() {
          await current.close();
          current = openEventStoreDb({ connectionString });
          return current;
        },
        cleanup: () => current.close(),
      };
    });
  });
}

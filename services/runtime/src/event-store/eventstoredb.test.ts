import { GenericContainer, Wait, getContainerRuntimeClient } from 'testcontainers';
import { START } from '@eventstore/db-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStoreContract } from './contract.js';
import { isAtOrPast, openEventStoreDb, positionOf, streamNameRegex, toReadPosition } from './eventstoredb.js';
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

/**
 * How the adapter maps the server's positions and filters, checked without a server: these are
 * what keep resuming exact and the filtering on the server.
 */
describe('EventStoreDB positions and filters', () => {
  const inOneAppend = (commit: bigint, prepare: bigint, revision: bigint) => ({
    streamId: 'post-1',
    revision,
    position: { commit, prepare },
  });

  it('gives the events of one append, which share a commit position, their own positions', () => {
    const events = [inOneAppend(500n, 500n, 0n), inOneAppend(500n, 620n, 1n), inOneAppend(500n, 744n, 2n)];

    expect(events.map(positionOf)).toEqual([500, 620, 744]);
  });

  it('resumes from the event itself, so nothing after it in its append is skipped', () => {
    expect(toReadPosition(620)).toEqual({ commit: 620n, prepare: 620n });
    expect(toReadPosition(undefined)).toBe(START);
    expect(toReadPosition(0)).toBe(START);
  });

  it('refuses events the server reports no position for', () => {
    const unknown = 18_446_744_073_709_551_615n;

    expect(() => positionOf(inOneAppend(unknown, unknown, 0n))).toThrow(/22\.10 or later/);
    expect(() => positionOf({ streamId: 'post-1', revision: 0n, position: undefined })).toThrow(/22\.10 or later/);
  });

  it('orders server positions by commit, then prepare', () => {
    const end = { commit: 500n, prepare: 620n };

    expect(isAtOrPast({ commit: 500n, prepare: 620n }, end)).toBe(true);
    expect(isAtOrPast({ commit: 500n, prepare: 744n }, end)).toBe(true);
    expect(isAtOrPast({ commit: 900n, prepare: 0n }, end)).toBe(true);
    expect(isAtOrPast({ commit: 500n, prepare: 500n }, end)).toBe(false);
    expect(isAtOrPast({ commit: 620n, prepare: 0n }, end)).toBe(true);
    expect(isAtOrPast({ commit: 400n, prepare: 900n }, end)).toBe(false);
  });

  it('selects the given categories on the server, by the id up to the first dash', () => {
    const selects = new RegExp(streamNameRegex(['post', 'inbox']));

    const streams = ['post-1', 'post', 'inbox-9-2', 'postal-1', 'xpost-1', 'brand-1', '_checkpoint-relay'];

    expect(streams.filter((stream) => selects.test(stream))).toEqual(['post-1', 'post', 'inbox-9-2']);
  });

  it('takes category names literally', () => {
    const selects = new RegExp(streamNameRegex(['a.b']));

    expect(selects.test('a.b-1')).toBe(true);
    expect(selects.test('axb-1')).toBe(false);
  });

  it('leaves out system streams and checkpoints when no category is given', () => {
    const selects = new RegExp(streamNameRegex(undefined));

    const streams = ['post-1', '$stats-127.0.0.1:2113', '$$post-1', '_checkpoint-relay', '_checkpoint', 'user-2'];

    expect(streams.filter((stream) => selects.test(stream))).toEqual(['post-1', 'user-2']);
  });
});

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

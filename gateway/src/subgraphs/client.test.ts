import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, silentLogger } from '@brandloom/runtime';
import { loadServiceContracts } from '../catalog.js';
import { createGateway } from '../server.js';
import { HttpSubgraphClient } from './client.js';

const SECRET = 'a-shared-internal-secret-of-at-least-32-chars';
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A service process that accepts the connection and then never answers, or answers garbage. */
async function brokenService(behaviour: 'hang' | 'html'): Promise<string> {
  const server = createServer((_req, res) => {
    if (behaviour === 'html') res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('a service that does not answer the gateway', () => {
  it.each(['hang', 'html'] as const)('(%s) becomes a clear 503, not a hanging request or a 500', async (behaviour) => {
    const url = await brokenService(behaviour);
    const contracts = await loadServiceContracts();
    const gateway = await createGateway({
      services: contracts.map((contract) => ({
        contract,
        client: new HttpSubgraphClient(contract.name, url, SECRET, 300),
      })),
      publicOrigin: null,
      trustProxy: false,
      webDir: null,
      logger: silentLogger,
    });
    const server = await listen(gateway.app, 0, '127.0.0.1');
    servers.push(server);
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth/user`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        message: 'Part of Brandloom is not answering right now. Please try again in a moment.',
      });
    } finally {
      await gateway.stop();
    }
  });
});

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, silentLogger, type Caller } from '@brandloom/runtime';
import { loadServiceContracts } from '../catalog.js';
import { createGateway, type Gateway } from '../server.js';
import type { SubgraphClient, SubgraphRequest } from '../subgraphs/client.js';
import { operationReuse } from './operation-reuse.js';

/** A service that answers every fetch with its fields set to fixed values, and counts the fetches. */
class CannedService implements SubgraphClient {
  fetches = 0;
  constructor(
    readonly name: string,
    private readonly data: Record<string, unknown>,
  ) {}
  async execute(_request: SubgraphRequest, _caller: Caller) {
    this.fetches++;
    return { response: { data: this.data }, sessionGrant: null };
  }
  async ready() {
    return { ready: true, parts: [] };
  }
}

describe("the gateway's converted operations", () => {
  let gateway: Gateway;
  let url: string;
  let stop: () => Promise<void>;
  const billing = new CannedService('billing', { trialDays: 7, plans: [] });

  beforeAll(async () => {
    const contracts = await loadServiceContracts();
    gateway = await createGateway({
      services: contracts.map((contract) => ({
        contract,
        client: contract.name === 'billing' ? billing : new CannedService(contract.name, {}),
      })),
      publicOrigin: null,
      trustProxy: false,
      webDir: null,
      logger: silentLogger,
    });
    const server = await listen(gateway.app, 0, '127.0.0.1');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
    stop = async () => {
      server.close();
      await gateway.stop();
    };
  });
  afterAll(() => stop());

  const ask = async (query: string) =>
    (
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      })
    ).json();

  it('are made once per operation text and reused by the executor after that, with the same answers', async () => {
    const before = { ...operationReuse };
    expect(await ask('query TrialLength { trialDays }')).toEqual({ data: { trialDays: 7 } });
    expect(await ask('query TrialLength { trialDays }')).toEqual({ data: { trialDays: 7 } });
    expect(operationReuse.converted - before.converted).toBe(1);
    expect(operationReuse.reused - before.reused).toBe(1);

    expect(await ask('query TrialAndPlans { trialDays plans { id } }')).toEqual({ data: { trialDays: 7, plans: [] } });
    expect(operationReuse.converted - before.converted).toBe(2);
    expect(billing.fetches).toBe(3);
  });
});

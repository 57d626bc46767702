import {
  readinessOf,
  type Caller,
  type RunningService,
  type SubgraphContext,
  type WorkReport,
} from '@brandloom/runtime';
import type { SubgraphClient, SubgraphRequest } from './client.js';

/**
 * All-in-one mode: the subgraph's server runs in this process; no HTTP hop. The caller is handed
 * over as the gateway established it, unsigned: the signature protects a header on its way over
 * a network, and here there is no network, no header and nobody in between (ADR 0019). Services
 * still see only what the gateway decided (a copy, so nothing they do reaches back).
 */
export class InProcessSubgraphClient implements SubgraphClient {
  constructor(
    readonly name: string,
    private readonly subgraph: Pick<RunningService, 'execute'>,
    private readonly parts: () => WorkReport[],
  ) {}

  async execute(request: SubgraphRequest, caller: Caller) {
    const contextValue: SubgraphContext = { caller: { ...caller }, sessionGrant: null };
    const { data, errors } = await this.subgraph.execute(request, contextValue);
    return { response: { data, ...(errors ? { errors } : {}) }, sessionGrant: contextValue.sessionGrant };
  }

  async ready() {
    return readinessOf(this.parts());
  }
}

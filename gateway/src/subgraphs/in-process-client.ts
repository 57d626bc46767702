import {
  CallerVerifier,
  readinessOf,
  signCaller,
  subgraphContext,
  type Caller,
  type RunningService,
  type WorkReport,
} from '@brandloom/runtime';
import type { SubgraphClient, SubgraphRequest } from './client.js';

/** All-in-one mode: the subgraph's server runs in this process; no HTTP hop. */
export class InProcessSubgraphClient implements SubgraphClient {
  private readonly verifier: CallerVerifier;

  constructor(
    readonly name: string,
    private readonly subgraph: Pick<RunningService, 'execute'>,
    private readonly secret: string,
    private readonly parts: () => WorkReport[],
  ) {
    this.verifier = new CallerVerifier(secret, name);
  }

  async execute(request: SubgraphRequest, caller: Caller) {
    // The signed header is checked here too, so both modes run the same verification.
    const body = JSON.stringify(request);
    const header = signCaller(caller, this.secret, { audience: this.name, body });
    const contextValue = subgraphContext(header, body, this.verifier);
    const { data, errors } = await this.subgraph.execute(request, contextValue);
    return { response: { data, ...(errors ? { errors } : {}) }, sessionGrant: contextValue.sessionGrant };
  }

  async ready() {
    return readinessOf(this.parts());
  }
}

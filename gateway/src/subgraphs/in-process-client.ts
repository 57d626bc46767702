import type { ApolloServer } from '@apollo/server';
import {
  CallerVerifier,
  SESSION_GRANT_HEADER,
  signCaller,
  subgraphContext,
  type Caller,
  type SubgraphContext,
} from '@brandloom/runtime';
import { parseGrant, type SubgraphClient, type SubgraphRequest } from './client.js';

/** All-in-one mode: the subgraph's server runs in this process; no HTTP hop. */
export class InProcessSubgraphClient implements SubgraphClient {
  private readonly verifier: CallerVerifier;

  constructor(
    readonly name: string,
    private readonly server: ApolloServer<SubgraphContext>,
    private readonly secret: string,
    private readonly healthy: () => boolean,
  ) {
    this.verifier = new CallerVerifier(secret, name);
  }

  async execute(request: SubgraphRequest, caller: Caller) {
    // The signed header is checked here too, so both modes run the same verification.
    const body = JSON.stringify(request);
    const header = signCaller(caller, this.secret, { audience: this.name, body });
    const contextValue = subgraphContext(header, body, this.verifier);
    const result = await this.server.executeOperation(
      { query: request.query, variables: request.variables, operationName: request.operationName },
      { contextValue },
    );
    if (result.body.kind !== 'single') throw new Error(`${this.name} answered with an incremental result`);
    const { data, errors, extensions } = result.body.singleResult;
    return {
      response: { data: data ?? null, ...(errors ? { errors } : {}), ...(extensions ? { extensions } : {}) },
      sessionGrant: parseGrant(result.http.headers.get(SESSION_GRANT_HEADER)),
    };
  }

  async ready() {
    return this.healthy();
  }
}

import type { ApolloServer } from '@apollo/server';
import {
  SESSION_GRANT_HEADER,
  signCaller,
  subgraphContext,
  type Caller,
  type SubgraphContext,
} from '@brandloom/runtime';
import { parseGrant, type SubgraphClient, type SubgraphRequest } from './client.js';

/** All-in-one mode: the subgraph's server runs in this process; no HTTP hop. */
export class InProcessSubgraphClient implements SubgraphClient {
  constructor(
    readonly name: string,
    private readonly server: ApolloServer<SubgraphContext>,
    private readonly secret: string,
    private readonly healthy: () => boolean,
  ) {}

  async execute(request: SubgraphRequest, caller: Caller) {
    // The signed header is checked here too, so both modes run the same verification.
    const contextValue = subgraphContext(signCaller(caller, this.secret), this.secret);
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

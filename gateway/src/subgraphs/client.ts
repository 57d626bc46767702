import type { ApolloServer } from '@apollo/server';
import {
  CALLER_HEADER,
  CallerVerifier,
  SESSION_GRANT_HEADER,
  sessionGrantSchema,
  signCaller,
  subgraphContext,
  type Caller,
  type SessionGrant,
  type SubgraphContext,
} from '@brandloom/runtime';
import type { GraphQLFormattedError } from 'graphql';

export interface SubgraphRequest {
  query: string;
  variables?: Record<string, unknown> | undefined;
  operationName?: string | undefined;
}

export interface SubgraphResponse {
  data?: Record<string, unknown> | null;
  errors?: readonly GraphQLFormattedError[];
  extensions?: Record<string, unknown>;
}

/** How the gateway reaches one subgraph: in process, or over HTTP. Same caller signing either way. */
export interface SubgraphClient {
  readonly name: string;
  execute(
    request: SubgraphRequest,
    caller: Caller,
  ): Promise<{ response: SubgraphResponse; sessionGrant: SessionGrant | null }>;
  ready(): Promise<boolean>;
}

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

/** Distributed mode: the subgraph is another process, reached at `${baseUrl}/graphql`. */
export class HttpSubgraphClient implements SubgraphClient {
  constructor(
    readonly name: string,
    private readonly baseUrl: string,
    private readonly secret: string,
  ) {}

  async execute(request: SubgraphRequest, caller: Caller) {
    const body = JSON.stringify(request);
    const response = await fetch(`${this.baseUrl}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [CALLER_HEADER]: signCaller(caller, this.secret, { audience: this.name, body }),
      },
      body,
    });
    const answer = (await response.json()) as SubgraphResponse;
    return { response: answer, sessionGrant: parseGrant(response.headers.get(SESSION_GRANT_HEADER)) };
  }

  async ready() {
    try {
      return (await fetch(`${this.baseUrl}/readyz`, { signal: AbortSignal.timeout(2000) })).ok;
    } catch {
      return false;
    }
  }
}

function parseGrant(header: string | null | undefined): SessionGrant | null {
  if (!header) return null;
  const parsed = sessionGrantSchema.safeParse(JSON.parse(header));
  return parsed.success ? parsed.data : null;
}

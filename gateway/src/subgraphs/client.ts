import type { ApolloServer } from '@apollo/server';
import {
  CALLER_HEADER,
  SESSION_GRANT_HEADER,
  readinessOf,
  readinessSchema,
  sessionGrantSchema,
  signCaller,
  subgraphContext,
  type Caller,
  type Readiness,
  type SessionGrant,
  type SubgraphContext,
  type WorkReport,
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
  /** Whether the subgraph's service is ready, and how each of its background parts is doing. */
  ready(): Promise<Readiness>;
}

/** All-in-one mode: the subgraph's server runs in this process; no HTTP hop. */
export class InProcessSubgraphClient implements SubgraphClient {
  constructor(
    readonly name: string,
    private readonly server: ApolloServer<SubgraphContext>,
    private readonly secret: string,
    private readonly parts: () => WorkReport[],
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
    return readinessOf(this.parts());
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
    const response = await fetch(`${this.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CALLER_HEADER]: signCaller(caller, this.secret) },
      body: JSON.stringify(request),
    });
    const body = (await response.json()) as SubgraphResponse;
    return { response: body, sessionGrant: parseGrant(response.headers.get(SESSION_GRANT_HEADER)) };
  }

  async ready(): Promise<Readiness> {
    try {
      const response = await fetch(`${this.baseUrl}/readyz`, { signal: AbortSignal.timeout(2000) });
      return readinessSchema.parse(await response.json());
    } catch (error) {
      const detail = `no readiness answer from ${this.baseUrl}: ${error instanceof Error ? error.message : String(error)}`;
      return { ready: false, parts: [{ name: this.name, status: 'dead', detail }] };
    }
  }
}

function parseGrant(header: string | null | undefined): SessionGrant | null {
  if (!header) return null;
  const parsed = sessionGrantSchema.safeParse(JSON.parse(header));
  return parsed.success ? parsed.data : null;
}

import {
  CALLER_HEADER,
  SESSION_GRANT_HEADER,
  readinessSchema,
  sessionGrantSchema,
  signCaller,
  type Caller,
  type Readiness,
  type SessionGrant,
} from '@brandloom/runtime/edge';
import type { GraphQLFormattedError } from 'graphql';
import { z } from 'zod';

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

/** How long the gateway waits for a service before telling the user it is unavailable. */
export const DEFAULT_SUBGRAPH_TIMEOUT_MS = 10_000;

const subgraphResponseSchema = z.object({
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  errors: z.array(z.looseObject({ message: z.string() })).optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});

/** Distributed mode: the subgraph is another process, reached at `${baseUrl}/graphql`. */
export class HttpSubgraphClient implements SubgraphClient {
  constructor(
    readonly name: string,
    private readonly baseUrl: string,
    private readonly secret: string,
    private readonly timeoutMs = DEFAULT_SUBGRAPH_TIMEOUT_MS,
  ) {}

  /**
   * A service that does not answer in time, cannot be reached or answers with something that is
   * not GraphQL becomes a SERVICE_UNAVAILABLE error (503 on REST) naming no internals, rather than
   * a request that hangs or a 500.
   */
  async execute(request: SubgraphRequest, caller: Caller) {
    const body = JSON.stringify(request);
    try {
      const response = await fetch(`${this.baseUrl}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [CALLER_HEADER]: signCaller(caller, this.secret, { audience: this.name, body }),
        },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const answer = subgraphResponseSchema.parse(await response.json()) as SubgraphResponse;
      return { response: answer, sessionGrant: parseGrant(response.headers.get(SESSION_GRANT_HEADER)) };
    } catch {
      return { response: unavailable(this.name), sessionGrant: null };
    }
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

export function parseGrant(header: string | null | undefined): SessionGrant | null {
  if (!header) return null;
  const parsed = sessionGrantSchema.safeParse(JSON.parse(header));
  return parsed.success ? parsed.data : null;
}

function unavailable(service: string): SubgraphResponse {
  return {
    data: null,
    errors: [
      {
        message: 'Part of Brandloom is not answering right now. Please try again in a moment.',
        extensions: { code: 'SERVICE_UNAVAILABLE', service },
      },
    ],
  };
}

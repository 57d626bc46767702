import { GraphQLError } from 'graphql';
import { z } from 'zod';
import { DomainError, type DomainErrorCode } from '../decider/decider.js';
import { CALLER_HEADER, signCaller, type Caller } from '../subgraph/caller.js';
import type { Subgraph } from '../subgraph/host.js';
import type { SubgraphOperation, SubgraphResult } from '../subgraph/in-process.js';

/** On whose behalf one service asks another: a user (for tenant scoping) and the request it serves. */
export interface OnBehalfOf {
  userId: string;
  requestId: string;
}

/**
 * How one service asks another's subgraph a question (content asks identity for an owner's AI
 * key). The call is signed like the gateway's, with `caller.service` naming the asking service,
 * so the answering service can keep internal fields for internal callers only (`@inaccessible`
 * fields, which the public graph does not have, answered only when `caller.service` is set).
 */
export interface ServiceClient {
  /** The operation's data; a GraphQL error becomes a DomainError with its code (or an Error). */
  query<Data = Record<string, unknown>>(
    service: string,
    operation: SubgraphOperation,
    onBehalfOf: OnBehalfOf,
  ): Promise<Data>;
}

/** What another service's /graphql answers, checked before it is believed. */
const subgraphResultSchema = z.object({
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  errors: z.array(z.looseObject({ message: z.string() })).optional(),
});

/** How long one service waits for another before giving up. */
const CALL_TIMEOUT_MS = 10_000;

const DOMAIN_CODES = new Set<string>([
  'BAD_USER_INPUT',
  'UNAUTHENTICATED',
  'PAYMENT_REQUIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'TOO_MANY_REQUESTS',
]);

function internalCaller(from: string, onBehalfOf: OnBehalfOf): Caller {
  return {
    userId: onBehalfOf.userId,
    isAdmin: false,
    sessionTokenHash: null,
    clientAddress: null,
    userAgent: null,
    requestId: onBehalfOf.requestId,
    service: from,
  };
}

function dataOf<Data>(service: string, result: SubgraphResult): Data {
  const [first] = result.errors ?? [];
  if (first) {
    const code = String(first.extensions?.['code'] ?? '');
    if (DOMAIN_CODES.has(code)) throw new DomainError(first.message, code as DomainErrorCode);
    throw new Error(`The ${service} service answered with an error: ${first.message}`);
  }
  if (!result.data) throw new Error(`The ${service} service answered without data`);
  return result.data as Data;
}

/**
 * The all-in-one mode: every service runs in this process. The asking service is handed to the
 * answering one as a caller, unsigned, as the in-process gateway hands over its callers: there is
 * no header and no network to cross, so nothing to forge (ADR 0019). `caller.service` still
 * names the asking service, and only this directory sets it.
 */
export class LocalServiceDirectory {
  private readonly services = new Map<string, Subgraph['execute']>();

  register(name: string, execute: Subgraph['execute']): void {
    this.services.set(name, execute);
  }

  clientFor(from: string): ServiceClient {
    return {
      query: async <Data>(service: string, operation: SubgraphOperation, onBehalfOf: OnBehalfOf) => {
        const execute = this.services.get(service);
        if (!execute) throw new Error(`The ${service} service is not running in this process`);
        const result = await execute(operation, { caller: internalCaller(from, onBehalfOf), sessionGrant: null });
        return dataOf<Data>(service, result);
      },
    };
  }
}

/**
 * The distributed mode: the other service is a process at `<NAME>_URL`, reached at its /graphql
 * with the shared INTERNAL_SECRET, as the gateway reaches it.
 */
export class HttpServiceDirectory {
  constructor(
    private readonly secret: string,
    private readonly env: Readonly<Record<string, string | undefined>>,
    private readonly timeoutMs = CALL_TIMEOUT_MS,
  ) {}

  clientFor(from: string): ServiceClient {
    return {
      query: async <Data>(service: string, operation: SubgraphOperation, onBehalfOf: OnBehalfOf) => {
        const variable = `${service.toUpperCase().replaceAll('-', '_')}_URL`;
        const baseUrl = this.env[variable];
        if (!baseUrl) throw new Error(`${variable} is not set: ${from} cannot reach the ${service} service`);
        const body = JSON.stringify(operation);
        const response = await fetch(`${baseUrl}/graphql`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [CALLER_HEADER]: signCaller(internalCaller(from, onBehalfOf), this.secret, { audience: service, body }),
          },
          body,
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        const answer = subgraphResultSchema.safeParse(await response.json().catch(() => null));
        if (!answer.success) throw new Error(`The ${service} service did not answer with GraphQL (${response.status})`);
        return dataOf<Data>(service, {
          data: answer.data.data ?? null,
          ...(answer.data.errors ? { errors: answer.data.errors } : {}),
        });
      },
    };
  }
}

/** A client for a process that has no other services to call (tests of a single service). */
export const noServices: ServiceClient = {
  query: (service) => Promise.reject(new Error(`No route to the ${service} service in this process`)),
};

/** Refuses a resolver's caller unless another service signed it (internal-only fields). */
export function requireInternalCaller(caller: Caller): string {
  if (!caller.service) {
    throw new GraphQLError('Only other services may ask this', { extensions: { code: 'FORBIDDEN' } });
  }
  return caller.service;
}

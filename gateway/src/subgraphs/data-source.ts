import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { createHash } from 'node:crypto';
import type { Caller } from '@brandloom/runtime/edge';
import type { GatewayContext } from '../context.js';
import type { SubgraphClient } from './client.js';

type GatewayGraphQLResponse = Awaited<ReturnType<GraphQLDataSource<GatewayContext>['process']>>;

/**
 * The gateway's bridge to one subgraph. It signs the caller for every fetch, and when the
 * service that owns sessions signs someone in or out it records that on the request, so the
 * cookie is set and the rest of the same operation runs as the new user. Only that service sees
 * the session token, and only its grants are honoured.
 */
export class SubgraphDataSource implements GraphQLDataSource<GatewayContext> {
  constructor(
    private readonly client: SubgraphClient,
    private readonly options: { ownsSessions: boolean },
  ) {}

  async process(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<GatewayGraphQLResponse> {
    const context = 'context' in options ? (options.context as GatewayContext | undefined) : undefined;
    const { query, variables, operationName } = options.request;
    if (!query) throw new Error('A subgraph request needs a query');
    const { ownsSessions } = this.options;
    const { response, sessionGrant } = await this.client.execute(
      { query, variables, operationName },
      callerFor(context, ownsSessions),
    );
    if (context && sessionGrant && ownsSessions) context.session.applyGrant(sessionGrant);
    return response as GatewayGraphQLResponse;
  }
}

export function callerFor(context: GatewayContext | undefined, withSessionToken: boolean): Caller {
  const principal = context?.session.principal ?? null;
  return {
    userId: principal?.userId ?? null,
    isAdmin: principal?.isAdmin ?? false,
    sessionTokenHash: withSessionToken ? (context?.session.tokenHash ?? null) : null,
    clientAddress: context?.clientAddress ?? null,
    userAgent: context?.userAgent ?? null,
    requestId: context?.requestId ?? 'gateway',
  };
}

/** What identity knows a session by (its stream id): the token itself never leaves the gateway. */
export const sessionTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

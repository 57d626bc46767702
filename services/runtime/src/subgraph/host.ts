import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper/index.js';
import express from 'express';
import { GraphQLError, type DocumentNode } from 'graphql';
import { DomainError } from '../decider/decider.js';
import type { Logger } from '../log/logger.js';
import { CALLER_HEADER, verifyCaller, type Caller } from './caller.js';
import { SESSION_GRANT_HEADER, type SessionGrant } from './session-grant.js';

export interface SubgraphContext {
  caller: Caller;
  /** Set by a resolver that signs a user in or out; the gateway turns it into a cookie. */
  sessionGrant: SessionGrant | null;
}

export interface SubgraphDefinition {
  name: string;
  typeDefs: DocumentNode;
  resolvers: GraphQLResolverMap<SubgraphContext>;
}

/** A subgraph's Apollo Server: errors masked unless they are the product's own messages. */
export function createSubgraphServer(definition: SubgraphDefinition, logger: Logger): ApolloServer<SubgraphContext> {
  return new ApolloServer<SubgraphContext>({
    schema: buildSubgraphSchema([{ typeDefs: definition.typeDefs, resolvers: definition.resolvers }]),
    includeStacktraceInErrorResponses: false,
    // The process stops its parts in order on SIGTERM itself; Apollo must not race it.
    stopOnTerminationSignals: false,
    // No usage reporting leaves the system, so federated traces would only cost time.
    plugins: [sessionGrantPlugin(), ApolloServerPluginInlineTraceDisabled()],
    formatError(formatted, error) {
      const original = unwrapResolverError(error);
      if (original instanceof DomainError) {
        return { message: original.message, extensions: { code: original.code } };
      }
      if (original instanceof GraphQLError || formatted.extensions?.code !== 'INTERNAL_SERVER_ERROR') {
        return formatted;
      }
      logger.error('unexpected error in a resolver', {
        subgraph: definition.name,
        path: formatted.path,
        error: original,
      });
      return {
        message: 'Something went wrong on our side. Please try again.',
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      };
    },
  });
}

/** The context of one subgraph operation, from the gateway's signed caller header. */
export function subgraphContext(
  headerValue: string | undefined | null,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): SubgraphContext {
  const caller = verifyCaller(headerValue, secret, nowSeconds);
  if (!caller) {
    throw new GraphQLError('This service only answers the gateway', {
      extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } },
    });
  }
  return { caller, sessionGrant: null };
}

function sessionGrantPlugin(): ApolloServerPlugin<SubgraphContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ contextValue, response }) {
          if (contextValue.sessionGrant) {
            response.http.headers.set(SESSION_GRANT_HEADER, JSON.stringify(contextValue.sessionGrant));
          }
        },
      };
    },
  };
}

/** Mounts a started subgraph server at /graphql, for the distributed mode. */
export function subgraphHttpRouter(server: ApolloServer<SubgraphContext>, secret: string): express.Router {
  const router = express.Router();
  router.use(
    '/graphql',
    express.json({ limit: '1mb' }),
    expressMiddleware(server, {
      context: async ({ req }) => subgraphContext(req.header(CALLER_HEADER), secret),
    }),
  );
  return router;
}

import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper/index.js';
import express from 'express';
import { GraphQLError, type DocumentNode, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { DomainError } from '../decider/decider.js';
import type { Logger } from '../log/logger.js';
import { ReadModelsUnavailableError } from '../projections/runner.js';
import { CALLER_HEADER, CallerVerifier, type Caller } from './caller.js';
import { inProcessExecutor } from './in-process.js';
import { SESSION_GRANT_HEADER, type SessionGrant } from './session-grant.js';

const READ_MODELS_UNAVAILABLE =
  'Your change is saved, but this part of Brandloom is catching up. Please refresh in a moment.';

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

/**
 * A subgraph, two ways to call it: its Apollo Server (over HTTP in the distributed mode) and an
 * in-process executor (the all-in-one mode, no request pipeline per call), over one schema with
 * one error formatting: errors are masked unless they are the product's own messages.
 */
export interface Subgraph {
  server: ApolloServer<SubgraphContext>;
  execute: ReturnType<typeof inProcessExecutor>;
}

export function createSubgraph(definition: SubgraphDefinition, logger: Logger): Subgraph {
  const schema = buildSubgraphSchema([{ typeDefs: definition.typeDefs, resolvers: definition.resolvers }]);
  const formatError = (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    if (original instanceof DomainError) {
      return { message: original.message, extensions: { code: original.code } };
    }
    if (original instanceof ReadModelsUnavailableError) {
      logger.warn('answered 503: read models unavailable', { subgraph: definition.name, error: original });
      return { message: READ_MODELS_UNAVAILABLE, extensions: { code: 'SERVICE_UNAVAILABLE' } };
    }
    if (original instanceof GraphQLError || formatted.extensions?.['code'] !== 'INTERNAL_SERVER_ERROR') {
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
  };
  const server = createSubgraphServer(definition, schema, formatError);
  const execute = inProcessExecutor(schema, (error) => {
    // As Apollo Server does: an error without a code of its own is an internal one.
    const formatted = error.toJSON();
    const code = formatted.extensions?.['code'] ?? 'INTERNAL_SERVER_ERROR';
    return formatError({ ...formatted, extensions: { ...formatted.extensions, code } }, error);
  });
  return { server, execute };
}

function createSubgraphServer(
  definition: SubgraphDefinition,
  schema: GraphQLSchema,
  formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError,
): ApolloServer<SubgraphContext> {
  const server = new ApolloServer<SubgraphContext>({
    schema,
    includeStacktraceInErrorResponses: false,
    // Only the gateway may call, and it has already limited the client's operation; this cap
    // only bounds what a query plan (fragments inlined) could ever grow to.
    parseOptions: { maxTokens: 50_000 },
    introspection: false,
    // The process stops its parts in order on SIGTERM itself; Apollo must not race it.
    stopOnTerminationSignals: false,
    // No usage reporting leaves the system, so federated traces would only cost time.
    plugins: [sessionGrantPlugin(), ApolloServerPluginInlineTraceDisabled()],
    formatError,
  });
  serviceNames.set(server, definition.name);
  return server;
}

/** Which service a subgraph server belongs to: the audience the gateway's signature must name. */
const serviceNames = new WeakMap<ApolloServer<SubgraphContext>, string>();

export function serviceNameOf(server: ApolloServer<SubgraphContext>): string {
  const name = serviceNames.get(server);
  if (!name) throw new Error('Not a server made by createSubgraphServer');
  return name;
}

/** The context of one subgraph operation, from the gateway's signed caller header and the body it signed. */
export function subgraphContext(
  headerValue: string | undefined | null,
  body: string | Buffer,
  verifier: CallerVerifier,
): SubgraphContext {
  const caller = verifier.verify(headerValue, body);
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

const rawBodies = new WeakMap<object, Buffer>();

/** Mounts a started subgraph server at /graphql, for the distributed mode. */
export function subgraphHttpRouter(server: ApolloServer<SubgraphContext>, secret: string): express.Router {
  const verifier = new CallerVerifier(secret, serviceNameOf(server));
  const router = express.Router();
  router.use(
    '/graphql',
    // The signature covers the exact bytes the gateway sent, so those are kept to check it.
    express.json({ limit: '1mb', verify: (req, _res, buffer) => void rawBodies.set(req, buffer) }),
    expressMiddleware(server, {
      context: async ({ req }) => subgraphContext(req.header(CALLER_HEADER), rawBodies.get(req) ?? '', verifier),
    }),
  );
  return router;
}

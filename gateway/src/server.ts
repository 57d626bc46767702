import { randomUUID } from 'node:crypto';
import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import type { Logger, Readiness, ServiceContract } from '@brandloom/runtime/edge';
import express, { type NextFunction, type Request, type Response } from 'express';
import { GraphQLError } from 'graphql';
import { composeSupergraph } from './composition.js';
import type { GatewayContext } from './context.js';
import { readCookie, sessionCookie, sessionCookieName } from './http/cookies.js';
import { accessLog } from './http/access-log.js';
import { noStore, sameOriginMutations, securityHeaders } from './http/security.js';
import { clientAddressOf, type TrustProxy } from './http/trust-proxy.js';
import { serveWebApp } from './http/web-app.js';
import { GRAPHQL_BODY_LIMIT, publicGraphqlOptions } from './graphql/limits.js';
import { reuseConvertedOperations } from './graphql/operation-reuse.js';
import { keepRawBody, restAdapter, type RunOperation } from './rest/adapter.js';
import { askingSubgraph, RequestSession, SessionResolver, type SessionAuthority } from './sessions.js';
import type { SubgraphClient } from './subgraphs/client.js';
import { SubgraphDataSource } from './subgraphs/data-source.js';

/** A service as the gateway sees it: what it declares, and how to reach it. */
export interface GatewayService {
  contract: ServiceContract;
  client: SubgraphClient;
}

export interface GatewayOptions {
  services: readonly GatewayService[];
  /** The address users type; null for a local run on loopback. */
  publicOrigin: string | null;
  trustProxy: TrustProxy;
  /** Schema introspection and "Did you mean" hints on /graphql (GRAPHQL_INTROSPECTION); off by default. */
  introspection?: boolean;
  /** Whether the content security policy lets in Stripe's card form (STRIPE_PUBLISHABLE_KEY is set). */
  allowStripe?: boolean;
  /**
   * How to ask who a session speaks for; by default the session owner's principal query through
   * its client. The all-in-one host hands over the owner's own lookup (no GraphQL round trip).
   */
  sessionAuthority?: SessionAuthority;
  /** The built web app; null to serve the API only. */
  webDir: string | null;
  logger: Logger;
}

export interface Gateway {
  app: express.Express;
  ready(): Promise<Readiness>;
  stop(): Promise<void>;
}

/** The one door: the web app, /graphql, the documented REST paths, health, all same-origin. */
export async function createGateway(options: GatewayOptions): Promise<Gateway> {
  const { services, publicOrigin, logger } = options;
  reuseConvertedOperations();
  const byName = new Map(services.map((service) => [service.contract.name, service]));
  const sessionOwner = sessionOwnerOf(services);
  const sessions = new SessionResolver(
    options.sessionAuthority ?? askingSubgraph(sessionOwner.client, sessionOwner.principalQuery),
  );
  const secureCookies = publicOrigin?.startsWith('https://') ?? false;

  const apollo = new ApolloServer<GatewayContext>({
    gateway: new ApolloGateway({
      supergraphSdl: composeSupergraph(services.map(({ contract }) => contract)),
      buildService: ({ name }) =>
        new SubgraphDataSource(byName.get(name)!.client, { ownsSessions: name === sessionOwner.client.name }),
    }),
    includeStacktraceInErrorResponses: false,
    ...publicGraphqlOptions({ introspection: options.introspection ?? false }),
    // The process stops its parts in order on SIGTERM itself; Apollo must not race it.
    stopOnTerminationSignals: false,
    plugins: [ApolloServerPluginLandingPageDisabled(), sessionCookiePlugin(secureCookies)],
    formatError: (formatted) => publicError(formatted, logger),
  });
  await apollo.start();

  const contextFor = async (req: Request): Promise<GatewayContext> => {
    const requestId = randomUUID();
    const token = readCookie(req.header('cookie'), sessionCookieName(secureCookies));
    const session = new RequestSession(token, null, sessions);
    try {
      session.principal = await sessions.resolve(session.tokenHash, requestId);
    } catch (error) {
      logger.error('session lookup failed', { requestId, error });
      throw new GraphQLError('Sign-in is unavailable right now. Please try again shortly.', {
        extensions: { code: 'SERVICE_UNAVAILABLE', http: { status: 503 } },
      });
    }
    return {
      session,
      clientAddress: clientAddressOf(req),
      userAgent: req.header('user-agent') ?? null,
      requestId,
    };
  };

  const runOperation: RunOperation = async (req, res, operation, variables) => {
    let contextValue: GatewayContext;
    try {
      contextValue = await contextFor(req);
    } catch (error) {
      return { errors: [{ message: (error as Error).message, extensions: { code: 'SERVICE_UNAVAILABLE' } }] };
    }
    const result = await apollo.executeOperation({ query: operation, variables }, { contextValue });
    const cookie = result.http.headers.get('set-cookie');
    if (cookie) res.setHeader('Set-Cookie', cookie);
    if (result.body.kind !== 'single') throw new Error('Unexpected incremental result');
    const { data, errors } = result.body.singleResult;
    return { data: data ?? null, ...(errors ? { errors } : {}) };
  };

  const app = express();
  app.disable('x-powered-by');
  // Every /api and /graphql answer is no-store, so an ETag (a SHA-1 of each body) would buy nothing.
  app.set('etag', false);
  app.set('trust proxy', options.trustProxy);
  app.use(accessLog(logger));
  app.use(securityHeaders(secureCookies, { allowStripe: options.allowStripe ?? false }));
  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  const ready = async (): Promise<Readiness> => {
    const answers = await Promise.all(services.map(({ client }) => client.ready()));
    return { ready: answers.every((answer) => answer.ready), parts: answers.flatMap((answer) => answer.parts) };
  };
  app.get('/readyz', async (_req, res) => {
    const readiness = await ready();
    res.status(readiness.ready ? 200 : 503).json(readiness);
  });
  app.use(sameOriginMutations(publicOrigin));
  app.use(['/api', '/graphql'], noStore);
  app.use('/graphql', express.json({ limit: GRAPHQL_BODY_LIMIT }));
  app.use(express.json({ limit: '100kb', verify: keepRawBody }));
  app.use('/graphql', expressMiddleware(apollo, { context: ({ req }) => contextFor(req) }));
  app.use(
    restAdapter(
      services.flatMap(({ contract }) => contract.restRoutes),
      runOperation,
    ),
  );
  app.all(
    '/api/{*rest}',
    (req, res) => void res.status(404).json({ message: `No such API path: ${req.method} ${req.path}` }),
  );
  if (options.webDir) serveWebApp(app, options.webDir);
  app.use(jsonErrors(logger));

  return { app, ready, stop: () => apollo.stop() };
}

/** The one service that declares it owns sessions: the gateway asks it who a cookie speaks for. */
function sessionOwnerOf(services: readonly GatewayService[]) {
  const owners = services.filter(({ contract }) => contract.sessions);
  const owner = owners[0];
  if (owners.length !== 1 || !owner?.contract.sessions) {
    throw new Error(`Exactly one service must own sessions; found ${owners.length}`);
  }
  return { client: owner.client, principalQuery: owner.contract.sessions.principalQuery };
}

/** Copies a session grant from the operation's context to the response's cookie. */
function sessionCookiePlugin(secure: boolean): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ contextValue, response }) {
          const grant = contextValue.session?.grant;
          if (grant) response.http.headers.set('set-cookie', sessionCookie(grant, secure));
        },
      };
    },
  };
}

/** Errors reach the browser with their product message and code only; internals are logged. */
function publicError(formatted: { message: string; extensions?: Record<string, unknown> }, logger: Logger) {
  const code = formatted.extensions?.['code'];
  if (code === undefined || code === 'INTERNAL_SERVER_ERROR') {
    logger.error('operation failed', { message: formatted.message });
    return {
      message: 'Something went wrong on our side. Please try again.',
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    };
  }
  return { message: formatted.message, extensions: { code } };
}

/** Malformed JSON is the client's mistake (400); anything else is ours (500), never a stack trace. */
function jsonErrors(logger: Logger) {
  return (error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: number }).status;
    if (status && status >= 400 && status < 500) {
      res.status(status).json({ message: clientErrorMessage(status, (error as { type?: string }).type) });
      return;
    }
    logger.error('request failed', { error });
    res.status(500).json({ message: 'Something went wrong on our side. Please try again.' });
  };
}

function clientErrorMessage(status: number, type: string | undefined): string {
  if (type === 'entity.parse.failed') return 'The request body is not valid JSON';
  if (status === 413) return 'The request body is too large';
  if (status === 404) return 'Not found';
  return 'Bad request';
}

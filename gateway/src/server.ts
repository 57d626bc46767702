import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import type { Logger, Readiness } from '@brandloom/runtime';
import express, { type NextFunction, type Request, type Response } from 'express';
import { GraphQLError } from 'graphql';
import { composeSupergraph, type SubgraphSchema } from './composition.js';
import type { GatewayContext } from './context.js';
import { readCookie, SESSION_COOKIE, sessionCookie } from './http/cookies.js';
import { accessLog } from './http/access-log.js';
import { noStore, sameOriginMutations, securityHeaders } from './http/security.js';
import { restAdapter, type RunOperation } from './rest/adapter.js';
import { authRoutes } from './rest/routes.js';
import { RequestSession, SessionResolver } from './sessions.js';
import type { SubgraphClient } from './subgraphs/client.js';
import { SubgraphDataSource } from './subgraphs/data-source.js';

export interface GatewayOptions {
  subgraphs: readonly (SubgraphSchema & { client: SubgraphClient })[];
  /** The address users type; null for a local run on loopback. */
  publicOrigin: string | null;
  trustProxy: boolean;
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
  const { subgraphs, publicOrigin, logger } = options;
  const clients = new Map(subgraphs.map((subgraph) => [subgraph.name, subgraph.client]));
  const identity = clients.get('identity');
  if (!identity) throw new Error('The gateway needs the identity subgraph');
  const sessions = new SessionResolver(identity);
  const secureCookies = publicOrigin?.startsWith('https://') ?? false;

  const apollo = new ApolloServer<GatewayContext>({
    gateway: new ApolloGateway({
      supergraphSdl: composeSupergraph(subgraphs),
      buildService: ({ name }) => new SubgraphDataSource(clients.get(name)!),
    }),
    includeStacktraceInErrorResponses: false,
    // The process stops its parts in order on SIGTERM itself; Apollo must not race it.
    stopOnTerminationSignals: false,
    plugins: [ApolloServerPluginLandingPageDisabled(), sessionCookiePlugin(secureCookies)],
    formatError: (formatted) => publicError(formatted, logger),
  });
  await apollo.start();

  const contextFor = async (req: Request): Promise<GatewayContext> => {
    const requestId = randomUUID();
    const token = readCookie(req.header('cookie'), SESSION_COOKIE);
    let principal;
    try {
      principal = await sessions.resolve(token, requestId);
    } catch (error) {
      logger.error('session lookup failed', { requestId, error });
      throw new GraphQLError('Sign-in is unavailable right now. Please try again shortly.', {
        extensions: { code: 'SERVICE_UNAVAILABLE', http: { status: 503 } },
      });
    }
    return {
      session: new RequestSession(token, principal, sessions),
      clientAddress: req.ip ?? null,
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
  app.set('trust proxy', options.trustProxy);
  app.use(accessLog(logger));
  app.use(securityHeaders(secureCookies));
  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  const ready = async (): Promise<Readiness> => {
    const answers = await Promise.all([...clients.values()].map((client) => client.ready()));
    return { ready: answers.every((answer) => answer.ready), parts: answers.flatMap((answer) => answer.parts) };
  };
  app.get('/readyz', async (_req, res) => {
    const readiness = await ready();
    res.status(readiness.ready ? 200 : 503).json(readiness);
  });
  app.use(sameOriginMutations(publicOrigin));
  app.use(['/api', '/graphql'], noStore);
  app.use(express.json({ limit: '100kb' }));
  app.use('/graphql', expressMiddleware(apollo, { context: ({ req }) => contextFor(req) }));
  app.use(restAdapter(authRoutes, runOperation));
  app.all(
    '/api/{*rest}',
    (req, res) => void res.status(404).json({ message: `No such API path: ${req.method} ${req.path}` }),
  );
  if (options.webDir) serveWebApp(app, options.webDir);
  app.use(jsonErrors(logger));

  return { app, ready, stop: () => apollo.stop() };
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

function serveWebApp(app: express.Express, webDir: string): void {
  const index = join(webDir, 'index.html');
  app.use('/assets', express.static(join(webDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(express.static(webDir, { index: false }));
  app.get('/{*path}', (_req, res) => {
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
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

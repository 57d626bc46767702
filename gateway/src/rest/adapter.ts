import express, { type Request, type Response } from 'express';
import type { GraphQLFormattedError } from 'graphql';
import type { RestReply, RestRequest, RestRoute } from '@brandloom/runtime/edge';

export interface OperationResult {
  data?: Record<string, unknown> | null;
  errors?: readonly GraphQLFormattedError[];
}

export type RunOperation = (
  req: Request,
  res: Response,
  operation: string,
  variables: Record<string, unknown>,
) => Promise<OperationResult>;

const STATUS_OF_CODE: Record<string, number> = {
  BAD_USER_INPUT: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYMENT_REQUIRED: 402,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

/** Serves each route by running its operation; GraphQL errors become the matching HTTP status. */
export function restAdapter(routes: readonly RestRoute[], run: RunOperation): express.Router {
  const router = express.Router();
  for (const route of routes) {
    router[route.method](route.path, async (req, res, next) => {
      try {
        if (route.method !== 'get' && !isJsonObject(req.body)) {
          res.status(400).json({ message: 'The request body must be a JSON object' });
          return;
        }
        const request = restRequestOf(req, route.rawBody === true);
        const result = await run(req, res, route.operation, route.variables?.(request) ?? {});
        const error = result.errors?.[0];
        if (error || !result.data) {
          sendError(res, error);
          return;
        }
        send(res, route.reply(result.data, request));
      } catch (error) {
        next(error);
      }
    });
  }
  return router;
}

/** What a row may read of the request; the headers and the content negotiation only when it asks. */
function restRequestOf(req: Request, withRawBody: boolean): RestRequest {
  return {
    body: req.body,
    params: req.params as Record<string, string>,
    query: req.query as Record<string, unknown>,
    get wantsHtml() {
      return req.accepts(['json', 'html']) === 'html';
    },
    get headers() {
      return Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
      );
    },
    ...(withRawBody ? { rawBody: rawBodyOf(req) ?? '' } : {}),
  };
}

const RAW_BODY = Symbol('rawBody');

/**
 * The JSON body parser's `verify` hook: keeps the bytes as sent beside the parsed body, for the
 * rows that verify a signature over them (`rawBody: true`).
 */
export function keepRawBody(req: unknown, _res: unknown, buffer: Buffer): void {
  (req as { [RAW_BODY]?: string })[RAW_BODY] = buffer.toString('utf8');
}

function rawBodyOf(req: Request): string | undefined {
  return (req as unknown as { [RAW_BODY]?: string })[RAW_BODY];
}

function isJsonObject(body: unknown): boolean {
  return body !== null && typeof body === 'object' && !Array.isArray(body);
}

function sendError(res: Response, error: GraphQLFormattedError | undefined): void {
  const code = String(error?.extensions?.['code'] ?? 'INTERNAL_SERVER_ERROR');
  const status = STATUS_OF_CODE[code] ?? 500;
  const message = status === 500 ? 'Something went wrong on our side. Please try again.' : restMessage(error!.message);
  res.status(status).json({ message });
}

const WRONG_TYPE = /^Variable "\$\w+" got invalid value .* at "(?:input\.)?([^"]+)"; (\w+) cannot represent/s;
const WANTED: Record<string, string> = {
  String: 'text',
  Boolean: 'true or false',
  Int: 'a whole number',
  Float: 'a number',
  ID: 'an id',
};

/**
 * A REST caller sent JSON, not a GraphQL variable: GraphQL's complaint about a field of the wrong
 * type ('Variable "$input" got invalid value 3 at "input.enabled"; Boolean cannot represent…')
 * becomes one about the field ('enabled must be true or false'). Every other message is the
 * service's own and passes as it is.
 */
export function restMessage(message: string): string {
  const wrongType = WRONG_TYPE.exec(message);
  if (!wrongType) return message;
  const [, field, type] = wrongType;
  return `${field} must be ${WANTED[type!] ?? `a ${type}`}`;
}

function send(res: Response, reply: RestReply): void {
  if ('redirect' in reply) res.redirect(303, reply.redirect);
  else res.status(reply.status).json(reply.body);
}

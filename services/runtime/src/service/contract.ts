import { readFileSync } from 'node:fs';
import { parse, type DocumentNode } from 'graphql';
import type { z } from 'zod';
import type { ServiceInfrastructure, ServiceModule } from './service.js';

/**
 * A documented `/api/*` request as a REST row sees it, whatever HTTP framework serves it.
 * `wantsHtml` is true for a link or an address-bar visit (the browser prefers HTML to JSON).
 */
export interface RestRequest {
  body: unknown;
  params: Readonly<Record<string, string>>;
  query: Readonly<Record<string, unknown>>;
  wantsHtml: boolean;
  /** The request's headers by lower-case name. */
  headers: Readonly<Record<string, string | undefined>>;
  /** The body exactly as sent, for a row that asks for it (`rawBody: true`), such as a signed webhook. */
  rawBody?: string;
}

/** What a REST path answers once its GraphQL operation has run. */
export type RestReply = { status: number; body: unknown } | { redirect: string };

/**
 * One documented `/api/*` path and the GraphQL operation that serves it. The gateway runs the
 * operation against the supergraph, so REST and GraphQL run the same resolvers and cannot
 * disagree; a test validates every row's operation against the composed schema.
 */
export interface RestRoute {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  operation: string;
  variables?: (req: RestRequest) => Record<string, unknown>;
  /** The row receives the body as sent (`req.rawBody`), not only parsed: a signature covers those bytes. */
  rawBody?: boolean;
  reply: (data: Record<string, unknown>, req: RestRequest) => RestReply;
}

/**
 * What the gateway knows of a service: its subgraph schema and its REST rows, and nothing of its
 * implementation, so the distributed gateway loads no service code (no password hashing, no
 * database drivers).
 */
export interface ServiceContract {
  name: string;
  typeDefs: DocumentNode;
  restRoutes: readonly RestRoute[];
  /**
   * Declared by the one service that owns sign-in: the operation that tells the gateway who a
   * session speaks for. Only that service sees session tokens and may grant or clear a session.
   */
  sessions?: { principalQuery: string };
}

/** How a service process is built: the launcher and the all-in-one host both use this. */
export interface ServiceDefinition<Settings = unknown> {
  name: string;
  /** The service's own settings from the environment; a bad value stops the start, named. */
  settingsSchema: z.ZodType<Settings>;
  create(infrastructure: ServiceInfrastructure, settings: Settings): ServiceModule;
}

export function defineService<Settings>(definition: ServiceDefinition<Settings>): ServiceDefinition<Settings> {
  return definition;
}

/** A subgraph's schema file, parsed: `loadSchema(new URL('../src/schema.graphql', import.meta.url))`. */
export function loadSchema(file: URL): DocumentNode {
  return parse(readFileSync(file, 'utf8'));
}

/** JSON body of a REST request as a mutation's `input` argument. */
export const bodyAsInput = (req: RestRequest) => ({ input: req.body ?? {} });

export const restReply = (body: unknown, status = 200): RestReply => ({ status, body });

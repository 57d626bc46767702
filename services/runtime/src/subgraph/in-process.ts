import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { GraphQLError } from 'graphql';
import {
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLFormattedError,
  type GraphQLSchema,
} from 'graphql';
import type { SubgraphContext } from './host.js';

export interface SubgraphOperation {
  query: string;
  variables?: Record<string, unknown> | undefined;
  operationName?: string | undefined;
}

export interface SubgraphResult {
  data: Record<string, unknown> | null;
  errors?: GraphQLFormattedError[];
}

/**
 * Operations seen before, parsed, validated and compiled once: the gateway sends the same few
 * plans, so each runs as a function generated for it (graphql-jit) instead of being walked
 * field by field by graphql-js on every request.
 */
const MAX_CACHED_DOCUMENTS = 1_000;
/** The same bound on a query's size as the subgraph's HTTP server. */
const MAX_TOKENS = 50_000;

/**
 * Runs operations on a subgraph's schema inside this process (the all-in-one mode), without the
 * HTTP server's request pipeline: the same schema, resolvers and error formatting, and the
 * caller verified by the client before it gets here. A parse or validation failure answers as
 * Apollo Server would (GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED). Execution is compiled
 * (ADR 0020); graphql-jit reports graphql-js errors, formatted as before.
 */
export function inProcessExecutor(
  schema: GraphQLSchema,
  formatError: (error: GraphQLError) => GraphQLFormattedError,
): (operation: SubgraphOperation, context: SubgraphContext) => Promise<SubgraphResult> {
  const compiled = new Map<string, Map<string | undefined, CompiledQuery>>();

  const compile = (query: string, operationName: string | undefined): CompiledQuery | SubgraphResult => {
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: MAX_TOKENS });
    } catch (error) {
      return failure(error as GraphQLError, 'GRAPHQL_PARSE_FAILED');
    }
    const problems = validate(schema, document, specifiedRules);
    if (problems.length > 0) {
      return { data: null, errors: problems.map((problem) => withCode(problem, 'GRAPHQL_VALIDATION_FAILED')) };
    }
    const result = compileQuery(schema, document, operationName);
    if (isCompiledQuery(result)) return result;
    return { data: null, errors: (result.errors ?? []).map((error) => withCode(error, 'GRAPHQL_VALIDATION_FAILED')) };
  };

  /**
   * By query text, then by operation name: the gateway hands over the same query strings each
   * time, whose hashes the engine keeps, so a lookup never hashes a newly built key.
   */
  const prepared = (query: string, operationName: string | undefined): CompiledQuery | SubgraphResult => {
    const byName = compiled.get(query);
    const known = byName?.get(operationName);
    if (known) return known;
    const made = compile(query, operationName);
    if (isRefusal(made)) return made;
    if (!byName && compiled.size >= MAX_CACHED_DOCUMENTS) compiled.delete(compiled.keys().next().value!);
    compiled.set(query, (byName ?? new Map()).set(operationName, made));
    return made;
  };

  return async (operation, contextValue) => {
    const query = prepared(operation.query, operation.operationName);
    if (isRefusal(query)) return query;
    const result = await query.query(undefined, contextValue, operation.variables ?? {});
    return {
      data: (result.data as Record<string, unknown> | null | undefined) ?? null,
      ...(result.errors?.length ? { errors: result.errors.map(formatError) } : {}),
    };
  };
}

/** A parse, validation or compilation failure, answered instead of running anything. */
const isRefusal = (prepared: CompiledQuery | SubgraphResult): prepared is SubgraphResult => !('query' in prepared);

function withCode(error: GraphQLError, code: string): GraphQLFormattedError {
  const formatted = error.toJSON();
  return { ...formatted, extensions: { ...formatted.extensions, code } };
}

function failure(error: GraphQLError, code: string): SubgraphResult {
  return { data: null, errors: [withCode(error, code)] };
}

import type { GraphQLError } from 'graphql';
import {
  execute,
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

/** Documents seen before, parsed and validated once: the gateway sends the same few plans. */
const MAX_CACHED_DOCUMENTS = 1_000;
/** The same bound on a query's size as the subgraph's HTTP server. */
const MAX_TOKENS = 50_000;

/**
 * Runs operations on a subgraph's schema inside this process (the all-in-one mode), without the
 * HTTP server's request pipeline: the same schema, resolvers and error formatting, and the
 * caller verified by the client before it gets here. A parse or validation failure answers as
 * Apollo Server would (GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED).
 */
export function inProcessExecutor(
  schema: GraphQLSchema,
  formatError: (error: GraphQLError) => GraphQLFormattedError,
): (operation: SubgraphOperation, context: SubgraphContext) => Promise<SubgraphResult> {
  const documents = new Map<string, DocumentNode>();

  const documentOf = (query: string): DocumentNode | SubgraphResult => {
    const known = documents.get(query);
    if (known) return known;
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
    if (documents.size >= MAX_CACHED_DOCUMENTS) documents.delete(documents.keys().next().value!);
    documents.set(query, document);
    return document;
  };

  return async (operation, contextValue) => {
    const document = documentOf(operation.query);
    if (!('kind' in document)) return document;
    const result = await execute({
      schema,
      document,
      contextValue,
      variableValues: operation.variables,
      operationName: operation.operationName,
    });
    return {
      data: (result.data as Record<string, unknown> | null | undefined) ?? null,
      ...(result.errors?.length ? { errors: result.errors.map(formatError) } : {}),
    };
  };
}

function withCode(error: GraphQLError, code: string): GraphQLFormattedError {
  const formatted = error.toJSON();
  return { ...formatted, extensions: { ...formatted.extensions, code } };
}

function failure(error: GraphQLError, code: string): SubgraphResult {
  return { data: null, errors: [withCode(error, code)] };
}

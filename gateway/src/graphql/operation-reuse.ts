import { createRequire } from 'node:module';
import type { DefinitionNode, DocumentNode } from 'graphql';

type ConvertOperation = (schema: unknown, document: DocumentNode, options?: { validate?: boolean }) => unknown;

interface Converted {
  schema: unknown;
  definitions: readonly DefinitionNode[];
  operation: unknown;
}

/** How often the executor asked for a conversion it had already made, since the process started. */
export const operationReuse = { converted: 0, reused: 0 };

let installed = false;

/**
 * Apollo Gateway (2.14) turns the operation into the query planner's form at the start of every
 * execution (`executeQueryPlan` → `operationFromDocument(…, { validate: false })`), although
 * Apollo Server hands it the very same parsed and validated document for the same query text
 * each time. For the current user's fourteen fields that conversion was about a tenth of the
 * request. The result depends only on the schema and the document's definitions, so it is kept
 * per operation definition (a WeakMap: a document Apollo Server forgets is forgotten here too)
 * and handed out again while the schema and every definition are the same objects.
 *
 * It wraps the one export the executor calls, looked up at call time through the module Apollo
 * Gateway itself loads; a test runs a real gateway and fails if an upgrade stops going through it.
 * Planning (`validate` not false) is left alone: plans are cached by Apollo already.
 */
export function reuseConvertedOperations(): void {
  if (installed) return;
  installed = true;
  const fromGateway = createRequire(createRequire(import.meta.url).resolve('@apollo/gateway'));
  const operations = fromGateway('@apollo/federation-internals/dist/operations') as {
    operationFromDocument: ConvertOperation;
  };
  const convert = operations.operationFromDocument;
  const converted = new WeakMap<DefinitionNode, Converted>();
  operations.operationFromDocument = (schema, document, options) => {
    const [first] = document.definitions;
    if (options?.validate !== false || !first) return convert(schema, document, options);
    const kept = converted.get(first);
    if (kept && kept.schema === schema && sameDefinitions(kept.definitions, document.definitions)) {
      operationReuse.reused++;
      return kept.operation;
    }
    const operation = convert(schema, document, options);
    converted.set(first, { schema, definitions: document.definitions, operation });
    operationReuse.converted++;
    return operation;
  };
}

function sameDefinitions(kept: readonly DefinitionNode[], given: readonly DefinitionNode[]): boolean {
  return kept.length === given.length && kept.every((definition, index) => definition === given[index]);
}

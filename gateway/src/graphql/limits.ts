import {
  GraphQLError,
  Kind,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/**
 * How big an operation a client may send. The product's own operations are far below each
 * (the largest has ~60 tokens, depth 3 and no aliases); the limits exist so that one anonymous
 * request cannot keep the event loop busy for seconds.
 */
export interface OperationLimits {
  /** Lexical tokens of the whole document: enforced by the parser, so a huge query costs nothing. */
  maxTokens: number;
  /** Nesting of selections, fragments included. */
  maxDepth: number;
  /** Aliased fields, fragments expanded. */
  maxAliases: number;
  /** Fields selected, fragments expanded: a rough cost of executing the operation. */
  maxFields: number;
}

export const DEFAULT_OPERATION_LIMITS: OperationLimits = {
  maxTokens: 2_000,
  maxDepth: 10,
  maxAliases: 20,
  maxFields: 500,
};

/**
 * One validation rule for depth, aliases and fields. It expands fragments itself (validation
 * rules run side by side, so it cannot count on the fragment-cycle rule having refused a cycle
 * first), and it stops at the first limit passed, so its own work is bounded by the limits too.
 */
export function operationLimitsRule(limits: OperationLimits): ValidationRule {
  return (context: ValidationContext) => ({
    OperationDefinition(operation) {
      const problem = measure(operation.selectionSet, fragmentsOf(context), limits);
      if (problem) {
        context.reportError(
          new GraphQLError(`The operation is too large: ${problem}. Please send a smaller query.`, {
            nodes: [operation],
          }),
        );
      }
    },
  });
}

function fragmentsOf(context: ValidationContext): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  return fragments;
}

/** The first limit the selection passes, in words, or null when it stays within all of them. */
function measure(
  root: SelectionSetNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  limits: OperationLimits,
): string | null {
  let fields = 0;
  let aliases = 0;
  // Every selection visited, fragment spreads included: spreads of spreads that select few
  // fields could otherwise make the walk itself expensive.
  let selections = 0;
  const maxSelections = limits.maxFields * 4;
  let problem: string | null = null;

  const visit = (selectionSet: SelectionSetNode, depth: number, fragmentPath: readonly string[]): void => {
    if (depth > limits.maxDepth) problem = `more than ${limits.maxDepth} levels of nesting`;
    for (const selection of selectionSet.selections) {
      if (problem) return;
      selections += 1;
      if (selections > maxSelections) {
        problem = `more than ${maxSelections} selections once fragments are expanded`;
        return;
      }
      if (selection.kind === Kind.FIELD) {
        fields += 1;
        if (selection.alias) aliases += 1;
        if (fields > limits.maxFields) problem = `more than ${limits.maxFields} fields`;
        else if (aliases > limits.maxAliases) problem = `more than ${limits.maxAliases} aliases`;
        else if (selection.selectionSet) visit(selection.selectionSet, depth + 1, fragmentPath);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet, depth, fragmentPath);
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        // An unknown fragment or a cycle is reported by graphql's own rules.
        if (fragment && !fragmentPath.includes(name)) {
          visit(fragment.selectionSet, depth, [...fragmentPath, name]);
        }
      }
    }
  };
  visit(root, 1, []);
  return problem;
}

/** The largest /graphql request body; REST paths keep their own limit. */
export const GRAPHQL_BODY_LIMIT = '32kb';

/**
 * The Apollo settings that keep the public /graphql endpoint cheap and quiet: the limits above,
 * and no schema tour (introspection, "Did you mean …?" hints) unless the operator turns it on.
 */
export function publicGraphqlOptions(options: { introspection: boolean; limits?: OperationLimits }) {
  const limits = options.limits ?? DEFAULT_OPERATION_LIMITS;
  return {
    parseOptions: { maxTokens: limits.maxTokens },
    validationRules: [operationLimitsRule(limits)],
    introspection: options.introspection,
    hideSchemaDetailsFromClientErrors: !options.introspection,
  };
}

import { composeServices } from '@apollo/composition';
import type { DocumentNode } from 'graphql';

export interface SubgraphSchema {
  name: string;
  typeDefs: DocumentNode;
}

/**
 * The supergraph, composed from the subgraphs' own schema files at start. A composition error
 * stops the gateway with the reasons, and a test composes it too, so a breaking schema change
 * is caught before it ships.
 */
export function composeSupergraph(subgraphs: readonly SubgraphSchema[]): string {
  const result = composeServices(
    subgraphs.map(({ name, typeDefs }) => ({ name, typeDefs, url: `brandloom://${name}` })),
  );
  if (result.errors) {
    throw new Error(
      `The subgraphs do not compose:\n${result.errors.map((error) => `  - ${error.message}`).join('\n')}`,
    );
  }
  return result.supergraphSdl;
}

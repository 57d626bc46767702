import { describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import { loadServiceContracts } from './catalog.js';
import { composeSupergraph } from './composition.js';

const contracts = await loadServiceContracts();
const identity = contracts.find((contract) => contract.name === 'identity')!;

describe('the supergraph', () => {
  it('composes from every service of the catalog, with User contributed by identity, billing and content', () => {
    const supergraph = composeSupergraph(contracts);
    expect(supergraph).toMatch(
      /type User\s+@join__type\(graph: BILLING, key: "id"\)\s+@join__type\(graph: CONTENT, key: "id"\)\s+@join__type\(graph: IDENTITY, key: "id"\)/,
    );
    expect(supergraph).toContain('subscriptionStatus: SubscriptionStatus @join__field(graph: BILLING)');
  });

  it('fails with the reasons when a subgraph breaks the contract', () => {
    const clashing = parse(`
      extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
      type User @key(fields: "id") { id: ID! email: Int }
    `);
    expect(() => composeSupergraph([identity, { name: 'rogue', typeDefs: clashing }])).toThrow(
      /do not compose[\s\S]*email/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { parse, validate, type GraphQLSchema } from 'graphql';
import { composeServices } from '@apollo/composition';
import { loadServiceContracts } from '../catalog.js';

const contracts = await loadServiceContracts();

/** The schema clients see: the composed supergraph without federation internals. */
function apiSchema(): GraphQLSchema {
  const result = composeServices(
    contracts.map(({ name, typeDefs }) => ({ name, typeDefs, url: `brandloom://${name}` })),
  );
  if (result.errors) throw new Error(result.errors.map((error) => error.message).join('\n'));
  return result.schema.toAPISchema().toGraphQLJSSchema();
}

describe('the REST rows of every service', () => {
  const schema = apiSchema();
  const rows = contracts.flatMap(({ name, restRoutes }) => restRoutes.map((route) => ({ service: name, route })));

  it('include the account paths', () => {
    expect(rows.map(({ route }) => `${route.method.toUpperCase()} ${route.path}`)).toEqual(
      expect.arrayContaining(['GET /api/auth/user', 'POST /api/signup', 'POST /api/signin', 'GET /api/logout']),
    );
  });

  it.each(rows.map(({ service, route }) => [`${service}: ${route.method.toUpperCase()} ${route.path}`, route]))(
    '%s runs an operation valid against the supergraph',
    (_name, route) => {
      expect(validate(schema, parse(route.operation)).map((error) => error.message)).toEqual([]);
    },
  );

  it('are checked for real: an operation asking for a field nobody serves is refused', () => {
    const broken = parse('query { me { id favouriteColour } }');
    expect(
      validate(schema, broken)
        .map((error) => error.message)
        .join(),
    ).toMatch(/favouriteColour/);
  });

  it('never claim the same method and path twice', () => {
    const keys = rows.map(({ route }) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

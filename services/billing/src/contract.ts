import { loadSchema, type ServiceContract } from '@brandloom/runtime/edge';

/** What the gateway knows of billing: its schema (billing has no REST rows yet). */
export const contract: ServiceContract = {
  name: 'billing',
  typeDefs: loadSchema(new URL('../src/schema.graphql', import.meta.url)),
  restRoutes: [],
};

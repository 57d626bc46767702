import { loadSchema, type ServiceContract } from '@brandloom/runtime/edge';

/** What the gateway knows of content: its schema (no REST rows yet). */
export const contract: ServiceContract = {
  name: 'content',
  typeDefs: loadSchema(new URL('../src/schema.graphql', import.meta.url)),
  restRoutes: [],
};

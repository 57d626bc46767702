import { loadSchema, type ServiceContract } from '@brandloom/runtime/edge';
import { publishingRestRoutes } from './rest.js';

/** What the gateway knows of publishing: its schema and its REST rows. */
export const contract: ServiceContract = {
  name: 'publishing',
  typeDefs: loadSchema(new URL('../src/schema.graphql', import.meta.url)),
  restRoutes: publishingRestRoutes,
};

import { loadSchema, type ServiceContract } from '@brandloom/runtime/edge';
import { contentRestRoutes } from './rest.js';

/** What the gateway knows of content: its schema and its REST rows. */
export const contract: ServiceContract = {
  name: 'content',
  typeDefs: loadSchema(new URL('../src/schema.graphql', import.meta.url)),
  restRoutes: contentRestRoutes,
};

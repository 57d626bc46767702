import { loadSchema, type ServiceContract } from '@brandloom/runtime/edge';
import { billingRestRoutes } from './rest.js';

/** What the gateway knows of billing: its schema and its REST rows. */
export const contract: ServiceContract = {
  name: 'billing',
  typeDefs: loadSchema(new URL('../src/schema.graphql', import.meta.url)),
  restRoutes: billingRestRoutes,
};

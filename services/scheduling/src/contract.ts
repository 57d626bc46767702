import { loadSchema, type ServiceContract } from '@brandloom/runtime/edge';
import { schedulingRestRoutes } from './rest.js';

/** What the gateway knows of scheduling: its schema and its REST rows. */
export const contract: ServiceContract = {
  name: 'scheduling',
  typeDefs: loadSchema(new URL('../src/schema.graphql', import.meta.url)),
  restRoutes: schedulingRestRoutes,
};

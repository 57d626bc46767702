import { loadSchema, type ServiceContract } from '@brandloom/runtime/edge';
import { adminAndSupportRestRoutes, identityRestRoutes } from './rest.js';

/** What the gateway knows of identity: its schema, its REST rows, and that it owns sessions. */
export const contract: ServiceContract = {
  name: 'identity',
  typeDefs: loadSchema(new URL('../src/schema.graphql', import.meta.url)),
  restRoutes: [...identityRestRoutes, ...adminAndSupportRestRoutes],
  sessions: { principalQuery: 'query SessionPrincipal { sessionPrincipal { userId isAdmin } }' },
};

import { readFileSync } from 'node:fs';
import { parse } from 'graphql';
import type { ServiceInfrastructure, ServiceModule } from '@brandloom/runtime';
import { identityApplication, type IdentitySettings } from './application.js';
import { identityIntegrationEvent } from './integration.js';
import { UsersReadModel } from './read-models/users.js';
import { identityResolvers } from './resolvers.js';

export const identityTypeDefs = parse(readFileSync(new URL('../src/schema.graphql', import.meta.url), 'utf8'));

export type { IdentitySettings } from './application.js';

/** Accounts, sessions and the master admin. */
export function createIdentityService(
  infrastructure: ServiceInfrastructure,
  settings: IdentitySettings,
): ServiceModule {
  const users = new UsersReadModel();
  const app = identityApplication({ ...infrastructure, users, settings });
  return {
    name: 'identity',
    subgraph: { name: 'identity', typeDefs: identityTypeDefs, resolvers: identityResolvers(app, users) },
    projections: [users],
    toIntegrationEvent: identityIntegrationEvent,
    onStart: () => app.provisionAdmin(),
  };
}
export { identitySettingsSchema } from './settings.js';
export { UsersReadModel, type UserProfile } from './read-models/users.js';

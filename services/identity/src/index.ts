import { defineService } from '@brandloom/runtime';
import { identityApplication } from './application.js';
import { contract } from './contract.js';
import { identityIntegrationEvent } from './integration.js';
import { UsersReadModel } from './read-models/users.js';
import { identityResolvers } from './resolvers.js';
import { identitySettingsSchema } from './settings.js';
import { adminAccounts } from './admin/admin.js';
import { supportDesk } from './support/support.js';

/** Accounts, sessions and the master admin. */
export const service = defineService({
  name: 'identity',
  settingsSchema: identitySettingsSchema,
  create(infrastructure, settings) {
    const users = new UsersReadModel();
    const app = identityApplication({ ...infrastructure, users, settings });
    return {
      name: 'identity',
      subgraph: {
        name: 'identity',
        typeDefs: contract.typeDefs,
        resolvers: identityResolvers(app, users, {
          admin: adminAccounts({ ...infrastructure, users }),
          support: supportDesk({ ...infrastructure, settings: settings.support }),
        }),
      },
      projections: [users],
      toIntegrationEvent: identityIntegrationEvent,
      onStart: () => app.provisionAdmin(),
    };
  },
});
export { UsersReadModel, type UserProfile } from './read-models/users.js';

import { defineService } from '@brandloom/runtime';
import { adminAccounts } from './admin/admin.js';
import { identityApplication } from './application.js';
import { contract } from './contract.js';
import { identityIntegrationEvent } from './integration.js';
import { SessionsReadModel } from './read-models/sessions.js';
import { UsersReadModel } from './read-models/users.js';
import { identityResolvers } from './resolvers.js';
import { identitySettingsSchema } from './settings.js';
import { supportDesk } from './support/support.js';
import { loadMasterKey } from './vault/crypto.js';
import { vaultResolvers } from './vault/resolvers.js';
import { credentialVault } from './vault/vault.js';

/** Accounts, sessions, the master admin, support messages and the credential vault. */
export const service = defineService({
  name: 'identity',
  settingsSchema: identitySettingsSchema,
  create(infrastructure, settings) {
    const users = new UsersReadModel();
    const sessions = new SessionsReadModel();
    const app = identityApplication({ ...infrastructure, users, sessions, settings });
    const masterKey = loadMasterKey({ ...settings.vault, runMode: infrastructure.runMode ?? 'all-in-one' });
    const vault = credentialVault({ store: infrastructure.store, masterKey, now: infrastructure.now });
    const resolvers = identityResolvers(app, users, {
      admin: adminAccounts({ ...infrastructure, users }),
      support: supportDesk({ ...infrastructure, settings: settings.support }),
    });
    const vaultPart = vaultResolvers(vault);
    return {
      name: 'identity',
      subgraph: {
        name: 'identity',
        typeDefs: contract.typeDefs,
        resolvers: {
          ...resolvers,
          Query: { ...resolvers['Query'], ...vaultPart['Query'] },
          Mutation: { ...resolvers['Mutation'], ...vaultPart['Mutation'] },
        },
      },
      projections: [users, sessions],
      sessionPrincipal: app.resolveSession,
      toIntegrationEvent: identityIntegrationEvent,
      onStart: async () => {
        await vault.checkMasterKey();
        await app.provisionAdmin();
      },
    };
  },
});
export { UsersReadModel, type UserProfile } from './read-models/users.js';

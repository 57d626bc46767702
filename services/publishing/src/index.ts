import { subjectsOfContext } from '@brandloom/proto-events';
import { defineService, noServices } from '@brandloom/runtime';
import { publishingApplication } from './application.js';
import { platformConnectors } from './connectors/index.js';
import { PlatformAccountsReadModel } from './connections/platform-accounts-read-model.js';
import { contract } from './contract.js';
import { savedCredentials, type CredentialsSource } from './credentials.js';
import { publishingIntegrationEvent } from './integration.js';
import { PublicationsReadModel } from './publication/publications-read-model.js';
import { Publisher } from './publication/publisher.js';
import { requestPublicationOnDue } from './publication/request-on-due.js';
import { publishingResolvers } from './resolvers.js';
import { publishingSettingsSchema } from './settings.js';
import { TikTokPostsReadModel } from './tiktok/tiktok-posts-read-model.js';

export type { PublishingSettings } from './settings.js';

/** Platform connectors, connection tests and status, publishing due posts once, quotas. */
export const service = defineService({
  name: 'publishing',
  settingsSchema: publishingSettingsSchema,
  create(infrastructure, settings) {
    const { store, readModels, now, logger } = infrastructure;
    const services = infrastructure.services ?? noServices;
    const readModelsOf = {
      publications: new PublicationsReadModel(),
      accounts: new PlatformAccountsReadModel(),
      tiktokPosts: new TikTokPostsReadModel(),
    };
    const connectors = platformConnectors(settings.connectors);
    const credentials: CredentialsSource = (userId, platform, requestId) =>
      savedCredentials(services, platform, { userId, requestId });
    const app = publishingApplication({
      store,
      readModels,
      now,
      connectors,
      credentials,
      ...readModelsOf,
      xPostsPerDay: settings.xPostsPerDay,
      defaultImageUrl: settings.connectors.instagramDefaultImageUrl,
    });
    return {
      name: 'publishing',
      subgraph: { name: 'publishing', typeDefs: contract.typeDefs, resolvers: publishingResolvers(app) },
      projections: Object.values(readModelsOf),
      reactions: [requestPublicationOnDue(store)],
      // Due posts from scheduling; saved credentials and suspensions from identity; TikTok posts from content.
      consumes: [subjectsOfContext('scheduling'), subjectsOfContext('identity'), subjectsOfContext('content')],
      toIntegrationEvent: publishingIntegrationEvent,
      background: [
        () =>
          new Publisher({
            store,
            readModels,
            publications: readModelsOf.publications,
            accounts: readModelsOf.accounts,
            connectors,
            credentials,
            now,
            logger,
            retry: settings.retry,
            concurrency: settings.concurrency,
            pollIntervalMs: settings.pollIntervalMs,
          }).start(),
      ],
    };
  },
});

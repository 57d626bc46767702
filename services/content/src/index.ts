import {
  PostPublished,
  PostQueued,
  PublishFailed,
  SlotReached,
  subjectFor,
  subjectsOfContext,
} from '@brandloom/proto-events';
import { defineService, noServices } from '@brandloom/runtime';
import { contentApplication } from './application.js';
import { BrandReadModel } from './brand/brand-read-model.js';
import { contract } from './contract.js';
import { aiProvider } from './generation/provider.js';
import { contentIntegrationEvent } from './integration.js';
import { PlansReadModel } from './plans/plans-read-model.js';
import { recordPostReports } from './posts/post-reports.js';
import { PostsReadModel } from './posts/posts-read-model.js';
import { onboardingApplication } from './onboarding/onboarding.js';
import { contentResolvers, withOnboardingResolvers } from './resolvers.js';
import { contentSettingsSchema } from './settings.js';
import { generatePostsAtSlots } from './slots/slot-reaction.js';
import { UsageReadModel } from './usage/usage-read-model.js';

/** Brand settings, AI generation, posts and their whole lifecycle, AI posts at scheduled slots. */
export const service = defineService({
  name: 'content',
  settingsSchema: contentSettingsSchema,
  create(infrastructure, settings) {
    const readModels = {
      brands: new BrandReadModel(),
      posts: new PostsReadModel(),
      plans: new PlansReadModel(),
      usage: new UsageReadModel(),
    };
    const app = contentApplication({
      ...infrastructure,
      ...readModels,
      services: infrastructure.services ?? noServices,
      provider: aiProvider(settings),
    });
    const onboarding = onboardingApplication({
      ...readModels,
      services: infrastructure.services ?? noServices,
      provider: aiProvider(settings),
      recordDraftTokens: app.recordDraftTokens,
    });
    return {
      name: 'content',
      subgraph: {
        name: 'content',
        typeDefs: contract.typeDefs,
        resolvers: withOnboardingResolvers(contentResolvers(app), onboarding),
      },
      projections: Object.values(readModels),
      reactions: [recordPostReports(app), generatePostsAtSlots(app)],
      // The plan (tier and trial) comes from billing, for the monthly post limit and auto-posting;
      // slots and a post's progress from scheduling and publishing (ADR 0013).
      consumes: [
        subjectsOfContext('billing'),
        ...[SlotReached, PostQueued, PostPublished, PublishFailed].map((event) => subjectFor(event.type)),
      ],
      toIntegrationEvent: contentIntegrationEvent,
    };
  },
});

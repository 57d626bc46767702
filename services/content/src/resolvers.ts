import type { SubgraphContext, SubgraphDefinition } from '@brandloom/runtime';
import type { ContentApplication } from './application.js';
import type { OnboardingApplication } from './onboarding/onboarding.js';

type Resolvers = SubgraphDefinition['resolvers'];
type Args<T = unknown> = { input: T };

export function contentResolvers(app: ContentApplication): Resolvers {
  return {
    Query: {
      contentHealth: () => 'ok',
      me: (_: unknown, __: unknown, { caller }: SubgraphContext) => (caller.userId ? { id: caller.userId } : null),
      brandSettings: (_: unknown, __: unknown, { caller }: SubgraphContext) => app.brandSettings(caller),
      posts: (_: unknown, __: unknown, { caller }: SubgraphContext) => app.posts(caller),
      contentUsage: (_: unknown, __: unknown, { caller }: SubgraphContext) => app.usage(caller),
    },
    Mutation: {
      saveBrandSettings: (_: unknown, { input }: Args, { caller }: SubgraphContext) =>
        app.saveBrandSettings(input, caller),
      createPost: (_: unknown, { input }: Args, { caller }: SubgraphContext) => app.createPost(input, caller),
      schedulePost: (_: unknown, { input }: Args, { caller }: SubgraphContext) => app.schedulePost(input, caller),
      approvePost: (_: unknown, { id }: { id: string }, { caller }: SubgraphContext) =>
        app.decidePost(id, 'ApprovePost', caller),
      rejectPost: (_: unknown, { id }: { id: string }, { caller }: SubgraphContext) =>
        app.decidePost(id, 'RejectPost', caller),
      generateContent: (_: unknown, { input }: Args, { caller }: SubgraphContext) => app.generate(input, caller),
      testOpenAi: (_: unknown, __: unknown, { caller }: SubgraphContext) => app.testOpenAi(caller),
      testConnection: (
        _: unknown,
        { platform, input }: { platform: string; input: Record<string, unknown> },
        { caller }: SubgraphContext,
      ) => app.testConnection(platform, input, caller),
    },
    // Reached only through `posts` or a decision, which already scoped the post to its owner.
    Post: {
      history: (post: { id: string }) => app.history(post.id),
    },
    User: {
      // A user's counts are visible to that user and to admins only.
      __resolveReference: (reference: { id: string }, { caller }: SubgraphContext) =>
        caller.userId === reference.id || caller.isAdmin ? reference : null,
      monthlyPostsUsed: (user: { id: string }) => app.monthlyPostsUsed(user.id),
      totalPosts: (user: { id: string }) => app.totalPosts(user.id),
    },
  };
}

/** Guided onboarding's operations, added to content's own (kept apart so each slice stays whole). */
export function withOnboardingResolvers(resolvers: Resolvers, onboarding: OnboardingApplication): Resolvers {
  const existing = resolvers as Record<string, Record<string, unknown>>;
  return {
    ...resolvers,
    Query: {
      ...existing['Query'],
      onboardingProgress: (_: unknown, __: unknown, { caller }: SubgraphContext) => onboarding.progress(caller),
    },
    Mutation: {
      ...existing['Mutation'],
      draftBrandProfile: (_: unknown, { input }: Args, { caller }: SubgraphContext) =>
        onboarding.draftBrandProfile(input, caller),
    },
  };
}

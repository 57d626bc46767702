import type { SubgraphContext, SubgraphDefinition } from '@brandloom/runtime';
import type { PublishingApplication } from './application.js';

type Resolvers = SubgraphDefinition['resolvers'];

export function publishingResolvers(app: PublishingApplication): Resolvers {
  return {
    Query: {
      platformStatus: (_: unknown, __: unknown, { caller }: SubgraphContext) => app.platformStatus(caller),
      publishingQuota: (_: unknown, args: { platform: string; at: string }, { caller }: SubgraphContext) =>
        app.publishingQuota(args.platform, args.at, caller),
      publications: (_: unknown, __: unknown, { caller }: SubgraphContext) => app.publications(caller),
      tiktokContentPack: (_: unknown, args: { postId: string }, { caller }: SubgraphContext) =>
        app.tiktokContentPack(args.postId, caller),
    },
    Mutation: {
      testPlatformConnection: (
        _: unknown,
        args: { platform: string; input: Record<string, unknown> },
        { caller }: SubgraphContext,
      ) => app.testConnection(args.platform, args.input, caller),
      sendTikTokPackToDrafts: (_: unknown, args: { postId: string }, { caller }: SubgraphContext) =>
        app.sendTikTokPackToDrafts(args.postId, caller),
    },
  };
}

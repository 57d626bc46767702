import { defineService } from '@brandloom/runtime';
import { z } from 'zod';
import { contract } from './contract.js';

/** Brand settings, AI generation, posts and their moderation (being built). */
export const service = defineService({
  name: 'content',
  settingsSchema: z.object({}),
  create: () => ({
    name: 'content',
    subgraph: { name: 'content', typeDefs: contract.typeDefs, resolvers: { Query: { contentHealth: () => 'ok' } } },
    projections: [],
  }),
});

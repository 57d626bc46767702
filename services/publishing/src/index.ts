import { defineService } from '@brandloom/runtime';
import { z } from 'zod';
import { contract } from './contract.js';

/** Skeleton: the schema and REST rows are the agreed contract; the implementation comes next. */
export const service = defineService({
  name: 'publishing',
  settingsSchema: z.object({}),
  create() {
    return {
      name: 'publishing',
      subgraph: { name: 'publishing', typeDefs: contract.typeDefs, resolvers: {} },
      projections: [],
    };
  },
});

import type { SubgraphContext, SubgraphDefinition } from '@brandloom/runtime';
import type { SchedulingApplication } from './application.js';

type Resolvers = SubgraphDefinition['resolvers'];
type Args = { input: unknown };

export function schedulingResolvers(app: SchedulingApplication): Resolvers {
  return {
    Query: {
      scheduleSettings: (_: unknown, __: unknown, { caller }: SubgraphContext) => app.scheduleSettings(caller),
      schedulerStatus: (_: unknown, __: unknown, { caller }: SubgraphContext) => app.schedulerStatus(caller),
      autoPostingSettings: (_: unknown, __: unknown, { caller }: SubgraphContext) => app.autoPostingSettings(caller),
      autoPostingStats: (_: unknown, __: unknown, { caller }: SubgraphContext) => app.autoPostingStats(caller),
      scheduleQueue: (_: unknown, __: unknown, { caller }: SubgraphContext) => app.scheduleQueue(caller),
    },
    Mutation: {
      saveScheduleSettings: (_: unknown, { input }: Args, { caller }: SubgraphContext) =>
        app.saveScheduleSettings(input, caller),
      toggleScheduler: (_: unknown, { input }: Args, { caller }: SubgraphContext) => app.toggleScheduler(input, caller),
      saveAutoPostingSettings: (_: unknown, { input }: Args, { caller }: SubgraphContext) =>
        app.saveAutoPostingSettings(input, caller),
    },
  };
}

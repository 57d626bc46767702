import { subjectsOfContext } from '@brandloom/proto-events';
import { defineService } from '@brandloom/runtime';
import { AccountsReadModel } from './accounts/accounts-read-model.js';
import { schedulingApplication } from './application.js';
import { contract } from './contract.js';
import { schedulingIntegrationEvent } from './integration.js';
import { QueueReadModel } from './queue/queue-read-model.js';
import { schedulingResolvers } from './resolvers.js';
import { SchedulesReadModel } from './schedule/schedules-read-model.js';
import { schedulingSettingsSchema } from './settings.js';
import { TimerOwner } from './timers/timer-owner.js';
import { trackPostChanges } from './timers/track-post-changes.js';

export type { SchedulingSettings } from './settings.js';

/** The posting schedule, the AI posting scheduler, auto-posting settings, the durable timers, the queue and its statistics. */
export const service = defineService({
  name: 'scheduling',
  settingsSchema: schedulingSettingsSchema,
  create(infrastructure, settings) {
    const { store, readModels, now, logger } = infrastructure;
    const schedules = new SchedulesReadModel();
    const accounts = new AccountsReadModel();
    const queue = new QueueReadModel();
    const app = schedulingApplication({ store, readModels, now, schedules, accounts, queue });
    return {
      name: 'scheduling',
      subgraph: { name: 'scheduling', typeDefs: contract.typeDefs, resolvers: schedulingResolvers(app) },
      projections: [schedules, accounts, queue],
      reactions: [trackPostChanges({ store, readModels, accounts, now, services: infrastructure.services })],
      // Posts and failed slots (content), outcomes (publishing), plans (billing), suspensions (identity).
      consumes: [
        subjectsOfContext('content'),
        subjectsOfContext('publishing'),
        subjectsOfContext('billing'),
        subjectsOfContext('identity'),
      ],
      toIntegrationEvent: schedulingIntegrationEvent,
      background: [() => new TimerOwner({ store, logger, now, settings, schedules, accounts, queue }).start()],
    };
  },
});

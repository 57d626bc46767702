import { DomainError, type Decider } from '@brandloom/runtime';
import { SCHEDULER_NEEDS_PLAN } from '../accounts/plan-gate.js';
import type { SchedulingEventOf } from '../events.js';
import type { ScheduleSettings } from './schedule-settings.js';

export const scheduleStream = (userId: string): string => `schedule-${userId}`;

export type ScheduleCommand =
  | { type: 'SaveScheduleSettings'; userId: string; settings: ScheduleSettings; at: string }
  | { type: 'StartScheduler'; userId: string; mayAutoPost: boolean; at: string }
  | { type: 'StopScheduler'; userId: string; at: string };

type ScheduleEvent = SchedulingEventOf<
  'scheduling.ScheduleSettingsSaved' | 'scheduling.SchedulerStarted' | 'scheduling.SchedulerStopped'
>;

/** An owner's AI posting schedule: the saved form (null: the defaults) and whether it runs, since when. */
export interface Schedule {
  settings: ScheduleSettings | null;
  runningSince: string | null;
}

/**
 * Saving the same settings again, starting a running scheduler or stopping a stopped one
 * records nothing. Starting needs a plan that may auto-post; stopping is always allowed.
 */
export const scheduleDecider: Decider<ScheduleCommand, ScheduleEvent, Schedule> = {
  initialState: () => ({ settings: null, runningSince: null }),
  decide(command, state) {
    switch (command.type) {
      case 'SaveScheduleSettings': {
        if (state.settings && JSON.stringify(state.settings) === JSON.stringify(command.settings)) return [];
        const { userId, settings, at } = command;
        return [{ type: 'scheduling.ScheduleSettingsSaved', data: { userId, settings, at } }];
      }
      case 'StartScheduler':
        if (!command.mayAutoPost) throw new DomainError(SCHEDULER_NEEDS_PLAN, 'FORBIDDEN');
        if (state.runningSince) return [];
        return [{ type: 'scheduling.SchedulerStarted', data: { userId: command.userId, at: command.at } }];
      case 'StopScheduler':
        if (!state.runningSince) return [];
        return [{ type: 'scheduling.SchedulerStopped', data: { userId: command.userId, at: command.at } }];
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'scheduling.ScheduleSettingsSaved':
        return { ...state, settings: event.data.settings };
      case 'scheduling.SchedulerStarted':
        return { ...state, runningSince: event.data.at };
      case 'scheduling.SchedulerStopped':
        return { ...state, runningSince: null };
    }
  },
};

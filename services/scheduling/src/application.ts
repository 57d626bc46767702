import {
  commandHandler,
  DomainError,
  type Caller,
  type CommandMetadata,
  type EventStore,
  type ProjectionRunner,
} from '@brandloom/runtime';
import { z } from 'zod';
import type { AccountsReadModel } from './accounts/accounts-read-model.js';
import { accountHold, AUTO_POSTING_NEEDS_PLAN, mayAutoPost } from './accounts/plan-gate.js';
import {
  autoPostingDecider,
  autoPostingStream,
  parseAutoPostingSettings,
} from './auto-posting/auto-posting-settings.js';
import { schedulingCodec } from './events.js';
import type { QueueReadModel } from './queue/queue-read-model.js';
import { postsToday, queueItemOf, recentActivity, successRate } from './queue/queue-views.js';
import { scheduleDecider, scheduleStream } from './schedule/schedule.js';
import { parseScheduleSettings, type ScheduleSettings } from './schedule/schedule-settings.js';
import type { OwnerSchedule, SchedulesReadModel } from './schedule/schedules-read-model.js';
import { nextSlots } from './slots/slots.js';
import { slotRecorder } from './timers/timer-owner.js';

export interface SchedulingDependencies {
  store: EventStore;
  readModels: ProjectionRunner;
  now: () => Date;
  schedules: SchedulesReadModel;
  accounts: AccountsReadModel;
  queue: QueueReadModel;
}

const toggleSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  startNow: z
    .boolean({ error: 'startNow must be true or false' })
    .nullish()
    .transform((value) => value ?? false),
});

const SEVEN_DAYS_MS = 7 * 86_400_000;

/** The scheduling use cases: each checks the caller, validates, decides and returns. */
export function schedulingApplication(deps: SchedulingDependencies) {
  const { store, readModels, now, schedules, accounts, queue } = deps;
  const scheduleHandler = commandHandler({ store, codec: schedulingCodec, decider: scheduleDecider });
  const autoPostingHandler = commandHandler({ store, codec: schedulingCodec, decider: autoPostingDecider });
  const recordSlot = slotRecorder(store);

  const owner = (caller: Caller): string => {
    if (!caller.userId) throw new DomainError('Please sign in first', 'UNAUTHENTICATED');
    return caller.userId;
  };
  const metadata = (userId: string, caller: Caller, at: Date): CommandMetadata => ({
    tenantId: userId,
    correlationId: caller.requestId,
    occurredAt: at.toISOString(),
  });
  const settled = async (position: number | null) => {
    if (position !== null) await readModels.waitFor(position);
  };

  /** The form as saved; `aiPostingEnabled` is whether the scheduler runs (spec §4). */
  const settingsView = (schedule: OwnerSchedule) => ({
    ...schedule.settings,
    aiPostingEnabled: schedule.runningSince !== null,
  });

  /** The earliest of the next slot (while running and allowed) and the next queued post. */
  function nextPostTime(userId: string, schedule: OwnerSchedule, at: Date): string | null {
    const candidates: string[] = [];
    const queued = queue.nextDue(userId);
    if (queued) candidates.push(queued);
    if (schedule.runningSince && !accountHold(accounts.get(userId), at)) {
      const [slot] = nextSlots(schedule.settings, at, 1);
      if (slot) candidates.push(slot.toISOString());
    }
    return candidates.sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null;
  }

  function status(userId: string) {
    const at = now();
    const schedule = schedules.get(userId);
    const outcomes = queue.outcomesSince(userId, new Date(at.getTime() - 2 * 86_400_000).toISOString());
    return {
      isRunning: schedule.runningSince !== null,
      postsScheduled: queue.totals(userId).queued,
      postsToday: postsToday(outcomes, at, schedule.settings.timezone),
      nextPostTime: nextPostTime(userId, schedule, at),
      lastFailure: schedule.lastFailure,
    };
  }

  return {
    scheduleSettings: (caller: Caller) => settingsView(schedules.get(owner(caller))),

    async saveScheduleSettings(input: unknown, caller: Caller) {
      const userId = owner(caller);
      const settings: ScheduleSettings = parseScheduleSettings(input);
      const at = now();
      const { position } = await scheduleHandler.handle(
        scheduleStream(userId),
        { type: 'SaveScheduleSettings', userId, settings, at: at.toISOString() },
        metadata(userId, caller, at),
      );
      await settled(position);
      return settingsView(schedules.get(userId));
    },

    schedulerStatus: (caller: Caller) => status(owner(caller)),

    /** Start (plan permitting) or stop; `startNow` also reaches a first slot at once. */
    async toggleScheduler(input: unknown, caller: Caller) {
      const userId = owner(caller);
      const parsed = toggleSchema.safeParse(input ?? {});
      if (!parsed.success) throw new DomainError(parsed.error.issues[0]!.message, 'BAD_USER_INPUT');
      const { enabled, startNow } = parsed.data;
      const at = now();
      const { position } = await scheduleHandler.handle(
        scheduleStream(userId),
        enabled
          ? { type: 'StartScheduler', userId, mayAutoPost: mayAutoPost(accounts.get(userId), at), at: at.toISOString() }
          : { type: 'StopScheduler', userId, at: at.toISOString() },
        metadata(userId, caller, at),
      );
      let last = position;
      if (enabled && startNow) last = (await recordSlot(userId, at, at, caller.requestId)) ?? last;
      await settled(last);
      return status(userId);
    },

    autoPostingSettings: (caller: Caller) => schedules.get(owner(caller)).autoPosting,

    async saveAutoPostingSettings(input: unknown, caller: Caller) {
      const userId = owner(caller);
      const at = now();
      const allowed = mayAutoPost(accounts.get(userId), at);
      // The plan before the form: a Starter owner hears what they need, not what is wrong with the form.
      if (!allowed) throw new DomainError(AUTO_POSTING_NEEDS_PLAN, 'FORBIDDEN');
      const settings = parseAutoPostingSettings(input);
      const { position } = await autoPostingHandler.handle(
        autoPostingStream(userId),
        { type: 'SaveAutoPostingSettings', userId, settings, mayAutoPost: allowed, at: at.toISOString() },
        metadata(userId, caller, at),
      );
      await settled(position);
      return schedules.get(userId).autoPosting;
    },

    autoPostingStats(caller: Caller) {
      const userId = owner(caller);
      const at = now();
      const { queued, posted, failed } = queue.totals(userId);
      const timezone = schedules.get(userId).settings.timezone;
      // A day more than seven: the oldest local day may start before seven days of hours ago.
      const outcomes = queue.outcomesSince(userId, new Date(at.getTime() - SEVEN_DAYS_MS - 86_400_000).toISOString());
      return {
        totalScheduled: queued,
        totalPosted: posted,
        totalFailed: failed,
        successRate: successRate(posted, failed),
        recentActivity: recentActivity(outcomes, at, timezone),
      };
    },

    scheduleQueue(caller: Caller) {
      const at = now();
      return queue.ofOwner(owner(caller)).map((row) => queueItemOf(row, at));
    },
  };
}

export type SchedulingApplication = ReturnType<typeof schedulingApplication>;

import { postDueV1, postQueuedV1, slotReachedV1 } from '@brandloom/proto-events';
import { defineEventCodec, type EventsOf } from '@brandloom/runtime';
import { z } from 'zod';
import type { AutoPostingSettings } from './auto-posting/auto-posting-settings.js';
import type { ScheduleSettings } from './schedule/schedule-settings.js';

const at = z.iso.datetime();
const userId = z.uuid();
// Settings were checked by their form's schema before the decider recorded them.
const scheduleSettings = z.custom<ScheduleSettings>((value) => typeof value === 'object' && value !== null);
const autoPostingSettings = z.custom<AutoPostingSettings>((value) => typeof value === 'object' && value !== null);

/**
 * Everything scheduling records. `SlotReached`, `PostQueued` and `PostDue` are recorded in the
 * shape they are published in (proto-events); the rest stays inside.
 */
export const schedulingEventSchemas = {
  /** `schedule-<userId>`: the owner's Posting Schedule form, and whether the AI scheduler runs. */
  'scheduling.ScheduleSettingsSaved': z.object({ userId, settings: scheduleSettings, at }),
  'scheduling.SchedulerStarted': z.object({ userId, at }),
  'scheduling.SchedulerStopped': z.object({ userId, at }),
  /** `autoposting-<userId>`: the Auto-Posting screen's Settings tab. */
  'scheduling.AutoPostingSettingsSaved': z.object({ userId, settings: autoPostingSettings, at }),
  /** `slot-<slotId>`: one stream per slot, created once, so a slot fires once whoever races for it. */
  'scheduling.SlotReached': slotReachedV1,
  /** `timer-<postId>`: a post's durable timer. */
  'scheduling.PostQueued': postQueuedV1,
  'scheduling.PostDue': postDueV1,
  /** The timer came due but the post may not go out yet; it is checked again at every tick. */
  'scheduling.PostHeld': z.object({ postId: z.uuid(), userId, reason: z.string(), at }),
  /** The post no longer wants to go out (rejected, back to pending, auto-post off). */
  'scheduling.PostTimerCancelled': z.object({ postId: z.uuid(), userId, reason: z.string(), at }),
  /** `lease-<partition>`: which timer instance fires a partition's tenants, until when. */
  'scheduling.PartitionLeaseTaken': z.object({
    partition: z.number().int().min(0),
    holder: z.string(),
    expiresAt: at,
    at,
  }),
  'scheduling.PartitionLeaseReleased': z.object({ partition: z.number().int().min(0), holder: z.string(), at }),
};

export const schedulingCodec = defineEventCodec(schedulingEventSchemas);
export type SchedulingEvent = EventsOf<typeof schedulingEventSchemas>;
export type SchedulingEventOf<Type extends SchedulingEvent['type']> = Extract<SchedulingEvent, { type: Type }>;

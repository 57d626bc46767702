// The .js extensions let this module load in Node, where it is unit-tested.
import { z } from 'zod';
import { autoPostPlatformKeys } from '../../lib/platforms.js';
import { commaList } from '../../lib/comma-list.js';

/** The Schedule Post form as typed: every field a string or a switch. */
export interface SchedulePostForm {
  platform: string;
  content: string;
  /** `datetime-local`: YYYY-MM-DDTHH:MM in the browser's timezone */
  scheduledTime: string;
  topic: string;
  tone: string;
  hashtags: string;
  requiresApproval: boolean;
}

export const emptySchedulePostForm: SchedulePostForm = {
  platform: '',
  content: '',
  scheduledTime: '',
  topic: '',
  tone: 'friendly',
  hashtags: '',
  requiresApproval: true,
};

/**
 * Spec §5 "Schedule post form", in the form's order, so the first problem is the one nearest
 * the top. The server checks the same rules; this only saves a round trip.
 */
const schedulePostSchema = z.object({
  platform: z.enum(autoPostPlatformKeys, { error: 'Please select a platform' }),
  content: z.string().trim().min(10, 'Content must be at least 10 characters'),
  scheduledTime: z
    .string()
    .min(1, 'Please select a time')
    .refine((value) => !Number.isNaN(new Date(value).getTime()), 'Please select a time'),
  topic: z.string().trim(),
  tone: z.string(),
  hashtags: z.string().transform(commaList),
  requiresApproval: z.boolean(),
});

export type SchedulePostProblem = { field: keyof SchedulePostForm; message: string };

/** The mutation's input, or the form's first problem. */
export function parseSchedulePost(
  form: SchedulePostForm,
):
  | { ok: true; input: z.output<typeof schedulePostSchema> & { scheduledTime: string } }
  | { ok: false; problem: SchedulePostProblem } {
  const parsed = schedulePostSchema.safeParse(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, problem: { field: issue.path[0] as keyof SchedulePostForm, message: issue.message } };
  }
  // The picker's local time, sent as an instant.
  return { ok: true, input: { ...parsed.data, scheduledTime: new Date(parsed.data.scheduledTime).toISOString() } };
}

import { DomainError } from '@brandloom/runtime';
import { z } from 'zod';

/** every_hour, every_2_hours … every_12_hours (spec §5). */
export const postingFrequencies = [
  'every_hour',
  ...Array.from({ length: 11 }, (_, index) => `every_${index + 2}_hours`),
] as readonly string[];

/** The timezones the Posting Schedule form offers (spec §9). */
export const scheduleTimezones = [
  'UTC',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Asia/Tokyo',
  'Asia/Shanghai',
  'Australia/Sydney',
] as const;

/** Index = `Date#getUTCDay()`. */
export const weekdayNames = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

export interface ScheduleSettings {
  postsPerDay: number;
  postingFrequency: string;
  /** HH:MM wall-clock times in `timezone`, sorted, no repeats. */
  peakHours: string[];
  timezone: (typeof scheduleTimezones)[number];
  weekdaysOnly: boolean;
  postEveryDay: boolean;
  selectedDays: (typeof weekdayNames)[number][];
  /** YYYY-MM-DD, sorted, no repeats. */
  selectedDates: string[];
  contentTopics: string[];
}

/** What an owner who never saved sees (spec §3). */
export const defaultScheduleSettings: ScheduleSettings = {
  postsPerDay: 3,
  postingFrequency: 'every_3_hours',
  peakHours: ['09:00', '12:00', '17:00'],
  timezone: 'UTC',
  weekdaysOnly: false,
  postEveryDay: false,
  selectedDays: [],
  selectedDates: [],
  contentTopics: [],
};

/** Hours between two filled slots. */
export const frequencyHours = (frequency: string): number =>
  frequency === 'every_hour' ? 1 : Number(/^every_(\d+)_hours$/.exec(frequency)?.[1] ?? 3);

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A YYYY-MM-DD that names a day of the calendar: not 2026-13-45, not 2026-02-30. */
const isRealDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
};
const flag = z
  .boolean({ error: 'Must be true or false' })
  .nullish()
  .transform((value) => value ?? false);
const sortedUnique = (values: string[]) => [...new Set(values)].sort();

/** The Posting Schedule form's rules (spec §5), with bounds the spec leaves open. */
export const scheduleSettingsInputSchema = z.object({
  postsPerDay: z
    .number({ error: 'Posts per day must be a number from 1 to 20' })
    .int('Posts per day must be a whole number from 1 to 20')
    .min(1, 'Posts per day must be a number from 1 to 20')
    .max(20, 'Posts per day must be a number from 1 to 20'),
  postingFrequency: z.enum(postingFrequencies as [string, ...string[]], {
    error: 'Posting frequency must be one of every_hour, every_2_hours … every_12_hours',
  }),
  peakHours: z
    .array(z.string().regex(HH_MM, 'Peak hours must be times like 09:00'), { error: 'Select at least one peak hour' })
    .min(1, 'Select at least one peak hour')
    .max(24, 'At most 24 peak hours')
    .transform(sortedUnique),
  timezone: z.enum(scheduleTimezones, { error: `Timezone must be one of ${scheduleTimezones.join(', ')}` }),
  weekdaysOnly: flag,
  postEveryDay: flag,
  selectedDays: z
    .array(z.enum(weekdayNames, { error: 'Selected days must be weekday names (monday … sunday)' }))
    .nullish()
    .transform((days) => [...new Set(days ?? [])]),
  selectedDates: z
    .array(z.string().refine(isRealDate, 'Selected dates must be dates like 2026-03-08 (YYYY-MM-DD)'))
    .max(1000, 'At most 1000 selected dates')
    .nullish()
    .transform((dates) => sortedUnique(dates ?? [])),
  contentTopics: z
    .array(z.string().trim().max(100, 'A content topic must be at most 100 characters'))
    .max(50, 'At most 50 content topics')
    .nullish()
    .transform((topics) => [...new Set((topics ?? []).filter(Boolean))]),
});

/** The form's values, or a 400 with the form's own message for the first bad field. */
export function parseScheduleSettings(input: unknown): ScheduleSettings {
  const parsed = scheduleSettingsInputSchema.safeParse(input);
  if (!parsed.success) throw new DomainError(parsed.error.issues[0]!.message, 'BAD_USER_INPUT');
  return parsed.data as ScheduleSettings;
}

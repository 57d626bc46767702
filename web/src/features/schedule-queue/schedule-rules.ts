/** The Posting Schedule form's choices and checks (spec §3, §5, §9). */

export const postingFrequencies = [
  { value: 'every_hour', label: 'Every hour' },
  ...[2, 3, 4, 6, 8, 12].map((hours) => ({ value: `every_${hours}_hours`, label: `Every ${hours} hours` })),
];

export const timezones = [
  { value: 'UTC', label: 'UTC' },
  { value: 'America/New_York', label: 'New York' },
  { value: 'America/Chicago', label: 'Chicago' },
  { value: 'America/Denver', label: 'Denver' },
  { value: 'America/Los_Angeles', label: 'Los Angeles' },
  { value: 'Europe/London', label: 'London' },
  { value: 'Europe/Paris', label: 'Paris' },
  { value: 'Europe/Berlin', label: 'Berlin' },
  { value: 'Asia/Tokyo', label: 'Tokyo' },
  { value: 'Asia/Shanghai', label: 'Shanghai' },
  { value: 'Australia/Sydney', label: 'Sydney' },
];

/** The hours offered as peak-hour chips, 06:00 to 22:00. */
export const peakHourChoices = Array.from({ length: 17 }, (_, i) => `${String(i + 6).padStart(2, '0')}:00`);

export const POSTS_PER_DAY_MIN = 1;
export const POSTS_PER_DAY_MAX = 20;

export interface ScheduleProblem {
  field: 'postsPerDay' | 'peakHours';
  message: string;
}

/** The first problem of the form, in its order; the server checks the same. */
export function firstScheduleProblem(form: {
  postsPerDay: number;
  peakHours: readonly string[];
}): ScheduleProblem | null {
  if (
    !Number.isInteger(form.postsPerDay) ||
    form.postsPerDay < POSTS_PER_DAY_MIN ||
    form.postsPerDay > POSTS_PER_DAY_MAX
  )
    return {
      field: 'postsPerDay',
      message: `Posts per day must be a number from ${POSTS_PER_DAY_MIN} to ${POSTS_PER_DAY_MAX}`,
    };
  if (form.peakHours.length === 0) return { field: 'peakHours', message: 'Select at least one peak hour' };
  return null;
}

/** 'Running' when the scheduler says so, or when the saved settings have AI posting on (spec §4). */
export const schedulerRunning = (status: { isRunning: boolean } | undefined, settings: { aiPostingEnabled: boolean }) =>
  (status?.isRunning ?? false) || settings.aiPostingEnabled;

import { frequencyHours, weekdayNames, type ScheduleSettings } from '../schedule/schedule-settings.js';
import { addDays, instantOf, localDateOf, minutesOf, timeOfMinutes, weekdayOf } from './zoned-time.js';

export type SlotRules = Pick<
  ScheduleSettings,
  | 'postsPerDay'
  | 'postingFrequency'
  | 'peakHours'
  | 'timezone'
  | 'weekdaysOnly'
  | 'postEveryDay'
  | 'selectedDays'
  | 'selectedDates'
>;

const DAY_MINUTES = 24 * 60;
/** How far ahead `nextSlots` looks for an allowed day (selected dates may be months away). */
const HORIZON_DAYS = 400;

/**
 * The wall-clock times of a posting day: the peak hours first, then times every
 * `postingFrequency` from the first peak hour until midnight, until there are `postsPerDay`;
 * sorted. More peak hours than posts a day keeps the earliest ones.
 */
export function slotTimesOfDay(rules: Pick<SlotRules, 'postsPerDay' | 'postingFrequency' | 'peakHours'>): string[] {
  const peaks = [...new Set(rules.peakHours)].sort();
  const chosen = new Set(peaks.slice(0, rules.postsPerDay));
  const first = peaks[0];
  if (first !== undefined) {
    const step = frequencyHours(rules.postingFrequency) * 60;
    for (let minutes = minutesOf(first) + step; minutes < DAY_MINUTES; minutes += step) {
      if (chosen.size >= rules.postsPerDay) break;
      chosen.add(timeOfMinutes(minutes));
    }
  }
  return [...chosen].sort();
}

/**
 * Whether the scheduler posts on a local date. The first rule that applies decides:
 * postEveryDay → every day; weekdaysOnly → Monday to Friday; selectedDates → those dates;
 * selectedDays → those weekdays; otherwise every day.
 */
export function isPostingDay(rules: SlotRules, date: string): boolean {
  const weekday = weekdayOf(date);
  if (rules.postEveryDay) return true;
  if (rules.weekdaysOnly) return weekday >= 1 && weekday <= 5;
  if (rules.selectedDates.length > 0) return rules.selectedDates.includes(date);
  if (rules.selectedDays.length > 0) return rules.selectedDays.includes(weekdayNames[weekday]!);
  return true;
}

/** A posting day's slot instants, in order; two times that land on one instant (a DST gap) count once. */
function slotsOfDay(rules: SlotRules, date: string, times: readonly string[]): Date[] {
  if (!isPostingDay(rules, date)) return [];
  const instants = new Set(times.map((time) => instantOf(date, time, rules.timezone).getTime()));
  return [...instants].sort((a, b) => a - b).map((ms) => new Date(ms));
}

/** The next `count` slot instants strictly after `after`. */
export function nextSlots(rules: SlotRules, after: Date, count: number): Date[] {
  const times = slotTimesOfDay(rules);
  const found: Date[] = [];
  // From the day before in local time: a slot late that day may still be ahead in UTC terms.
  const start = addDays(localDateOf(after, rules.timezone), -1);
  for (let day = 0; day <= HORIZON_DAYS && found.length < count; day++) {
    for (const slot of slotsOfDay(rules, addDays(start, day), times)) {
      if (slot.getTime() > after.getTime() && found.length < count) found.push(slot);
    }
  }
  return found;
}

/**
 * The latest slot in `(notAfter - lookBack, notAfter]`, or null: what a timer that was away
 * (down, or between ticks) fires. Older slots it missed are skipped, not made up.
 */
export function latestSlotUpTo(rules: SlotRules, notAfter: Date, lookBackMs: number): Date | null {
  const times = slotTimesOfDay(rules);
  const from = notAfter.getTime() - lookBackMs;
  const lastDay = addDays(localDateOf(notAfter, rules.timezone), 1);
  for (let day = 0; day <= Math.ceil(lookBackMs / 86_400_000) + 2; day++) {
    const slots = slotsOfDay(rules, addDays(lastDay, -day), times).reverse();
    const latest = slots.find((slot) => slot.getTime() <= notAfter.getTime());
    if (latest) return latest.getTime() > from ? latest : null;
  }
  return null;
}

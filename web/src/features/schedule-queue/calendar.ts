/**
 * The Calendar Scheduler's rules (spec §4 "Calendar"), as pure functions over the part of the
 * schedule settings the calendar edits. Dates are YYYY-MM-DD calendar days; months are 0-based,
 * as in `Date`. Arithmetic is in UTC so a daylight-saving change never skips or repeats a day.
 */

export interface CalendarChoice {
  weekdaysOnly: boolean;
  postEveryDay: boolean;
  selectedDates: readonly string[];
}

export interface Month {
  year: number;
  /** 0 = January */
  month: number;
}

export interface DayCell {
  date: string;
  day: number;
  inMonth: boolean;
}

export const CALENDAR_CELLS = 42;
/** Weekday auto-fill covers the current month and the next two (spec §9). */
export const WEEKDAY_FILL_MONTHS = 3;

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const monthOf = (now: Date): Month => ({ year: now.getFullYear(), month: now.getMonth() });

export function addMonths({ year, month }: Month, count: number): Month {
  const index = year * 12 + month + count;
  return { year: Math.floor(index / 12), month: ((index % 12) + 12) % 12 };
}

/** Six weeks from the Sunday on or before the 1st: always 42 cells, Sunday to Saturday. */
export function monthGrid({ year, month }: Month): DayCell[] {
  const first = Date.UTC(year, month, 1);
  const start = first - new Date(first).getUTCDay() * DAY_MS;
  return Array.from({ length: CALENDAR_CELLS }, (_, i) => {
    const day = new Date(start + i * DAY_MS);
    return { date: isoDay(day.getTime()), day: day.getUTCDate(), inMonth: day.getUTCMonth() === month };
  });
}

/** Every Monday to Friday of `from` and the months after it, `months` in all. */
export function weekdaysOf(from: Month, months = WEEKDAY_FILL_MONTHS): string[] {
  const dates: string[] = [];
  const end = addMonths(from, months);
  for (let ms = Date.UTC(from.year, from.month, 1); ms < Date.UTC(end.year, end.month, 1); ms += DAY_MS) {
    const weekday = new Date(ms).getUTCDay();
    if (weekday !== 0 && weekday !== 6) dates.push(isoDay(ms));
  }
  return dates;
}

/** Either flag chooses the days itself: the dates and the month buttons are then disabled. */
export const calendarLocked = (choice: CalendarChoice): boolean => choice.weekdaysOnly || choice.postEveryDay;

/**
 * On: every weekday of the current month and the next two; off: none. The two flags exclude
 * each other, so turning this on turns postEveryDay off (as postEveryDay does to this).
 */
export function setWeekdaysOnly<C extends CalendarChoice>(choice: C, on: boolean, current: Month): C {
  return on
    ? { ...choice, weekdaysOnly: true, postEveryDay: false, selectedDates: weekdaysOf(current) }
    : { ...choice, weekdaysOnly: false, selectedDates: [] };
}

/** On: every day, so no dates are chosen and weekdaysOnly goes off. */
export function setPostEveryDay<C extends CalendarChoice>(choice: C, on: boolean): C {
  return on
    ? { ...choice, postEveryDay: true, weekdaysOnly: false, selectedDates: [] }
    : { ...choice, postEveryDay: false };
}

/** A day of the shown month in or out of the chosen dates; nothing while a flag is on. */
export function toggleDate<C extends CalendarChoice>(choice: C, cell: DayCell): C {
  if (calendarLocked(choice) || !cell.inMonth) return choice;
  const selectedDates = choice.selectedDates.includes(cell.date)
    ? choice.selectedDates.filter((d) => d !== cell.date)
    : [...choice.selectedDates, cell.date].sort();
  return { ...choice, selectedDates };
}

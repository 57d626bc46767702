/**
 * Wall-clock time in an IANA timezone, with nothing but `Intl`: the offset of a zone at an
 * instant, the local date of an instant, and the instant of a local date and time, across
 * daylight-saving changes.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock in `timeZone` at `instantMs`, as if that reading were a UTC instant. */
function wallClockMs(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts['year']!,
    parts['month']! - 1,
    parts['day']!,
    parts['hour']!,
    parts['minute']!,
    parts['second']!,
  );
}

/** How far the zone's clock is ahead of UTC at that instant (negative west of Greenwich). */
export function offsetMs(instantMs: number, timeZone: string): number {
  const whole = Math.floor(instantMs / 1000) * 1000;
  return wallClockMs(whole, timeZone) - whole;
}

/** `2026-03-08` in `timeZone` at that instant. */
export function localDateOf(instant: Date, timeZone: string): string {
  return new Date(wallClockMs(instant.getTime(), timeZone)).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, of a `YYYY-MM-DD` date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The instant a wall clock in `timeZone` reads `date` `time` (HH:MM). Offsets are looked up
 * half a day either side, which brackets any transition. A time that exists twice (the hour
 * the clocks go back) is its first occurrence, so a slot there fires once; a time that does not
 * exist (the hour the clocks go forward) moves forward by the gap: 02:30 becomes 03:30.
 */
export function instantOf(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const before = offsetMs(wall - DAY_MS / 2, timeZone);
  const after = offsetMs(wall + DAY_MS / 2, timeZone);
  const candidates = [...new Set([wall - before, wall - after])]
    .filter((instant) => wallClockMs(instant, timeZone) === wall)
    .sort((a, b) => a - b);
  // In a gap neither candidate reads `wall`: the offset before the change carries the time past it.
  return new Date(candidates[0] ?? wall - before);
}

export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const timeOfMinutes = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
export { MINUTE_MS, DAY_MS };

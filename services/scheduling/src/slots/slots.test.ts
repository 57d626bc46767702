import { describe, expect, it } from 'vitest';
import { defaultScheduleSettings, type ScheduleSettings } from '../schedule/schedule-settings.js';
import { isPostingDay, latestSlotUpTo, nextSlots, slotTimesOfDay } from './slots.js';
import { instantOf, localDateOf } from './zoned-time.js';

const rules = (changes: Partial<ScheduleSettings>): ScheduleSettings => ({ ...defaultScheduleSettings, ...changes });
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
const HOUR = 3_600_000;

describe('the times of a posting day', () => {
  it('are the peak hours, filled every postingFrequency from the first one, capped at postsPerDay', () => {
    expect(slotTimesOfDay(defaultScheduleSettings)).toEqual(['09:00', '12:00', '17:00']);
    expect(slotTimesOfDay(rules({ postsPerDay: 5 }))).toEqual(['09:00', '12:00', '15:00', '17:00', '18:00']);
    expect(slotTimesOfDay(rules({ postsPerDay: 20, postingFrequency: 'every_4_hours', peakHours: ['10:00'] }))).toEqual(
      ['10:00', '14:00', '18:00', '22:00'],
    );
  });

  it('keep the earliest peak hours when there are more than posts a day', () => {
    expect(slotTimesOfDay(rules({ postsPerDay: 2, peakHours: ['17:00', '09:00', '12:00'] }))).toEqual([
      '09:00',
      '12:00',
    ]);
  });
});

describe('a posting day', () => {
  const monday = '2026-11-23';
  const saturday = '2026-11-28';
  it('is every day by default, and with postEveryDay whatever else is set', () => {
    expect(isPostingDay(defaultScheduleSettings, saturday)).toBe(true);
    expect(isPostingDay(rules({ postEveryDay: true, weekdaysOnly: true, selectedDates: [monday] }), saturday)).toBe(
      true,
    );
  });
  it('is Monday to Friday with weekdaysOnly', () => {
    expect(isPostingDay(rules({ weekdaysOnly: true }), monday)).toBe(true);
    expect(isPostingDay(rules({ weekdaysOnly: true }), saturday)).toBe(false);
  });
  it('is one of the selected dates when there are any, before the selected weekdays', () => {
    const chosen = rules({ selectedDates: [saturday], selectedDays: ['monday'] });
    expect(isPostingDay(chosen, saturday)).toBe(true);
    expect(isPostingDay(chosen, monday)).toBe(false);
  });
  it('is one of the selected weekdays otherwise', () => {
    expect(isPostingDay(rules({ selectedDays: ['saturday'] }), saturday)).toBe(true);
    expect(isPostingDay(rules({ selectedDays: ['saturday'] }), monday)).toBe(false);
  });
});

describe('local wall-clock time', () => {
  it('moves a time that does not exist (clocks forward) on by the gap', () => {
    expect(instantOf('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(instantOf('2026-03-29', '01:30', 'Europe/London').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(instantOf('2026-10-04', '02:30', 'Australia/Sydney').toISOString()).toBe('2026-10-03T16:30:00.000Z');
  });
  it('takes the first of a time that happens twice (clocks back)', () => {
    expect(instantOf('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(instantOf('2026-10-25', '01:30', 'Europe/London').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(instantOf('2026-04-05', '02:30', 'Australia/Sydney').toISOString()).toBe('2026-04-04T15:30:00.000Z');
  });
  it('reads the local date of an instant', () => {
    expect(localDateOf(new Date('2026-11-26T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-25');
    expect(localDateOf(new Date('2026-11-26T14:00:00Z'), 'Asia/Tokyo')).toBe('2026-11-26');
  });
});

/**
 * A timer ticking every 20 minutes of an injected clock across a daylight-saving change: the
 * slots it fires (the latest slot not yet fired at each tick) are the wall-clock times of the
 * schedule, each once, the UTC instant moving by the hour the clocks moved.
 */
function firedAcross(settings: ScheduleSettings, from: string, to: string): string[] {
  const fired: Date[] = [];
  const tickMs = 20 * 60_000;
  for (let now = Date.parse(from); now <= Date.parse(to); now += tickMs) {
    const slot = latestSlotUpTo(settings, new Date(now), 2 * tickMs);
    if (slot && (fired.length === 0 || slot.getTime() > fired.at(-1)!.getTime())) fired.push(slot);
  }
  return iso(fired);
}

describe('slots across daylight-saving changes, with a clock the test moves', () => {
  it('New York in March: 09:00 and a 02:30 that does not exist on the day the clocks go forward', () => {
    const settings = rules({ timezone: 'America/New_York', peakHours: ['02:30', '09:00'], postsPerDay: 2 });
    expect(firedAcross(settings, '2026-03-07T00:00:00Z', '2026-03-09T23:59:00Z')).toEqual([
      '2026-03-07T07:30:00.000Z', // 02:30 EST
      '2026-03-07T14:00:00.000Z', // 09:00 EST
      '2026-03-08T07:30:00.000Z', // 02:30 does not exist: 03:30 EDT
      '2026-03-08T13:00:00.000Z', // 09:00 EDT
      '2026-03-09T06:30:00.000Z', // 02:30 EDT
      '2026-03-09T13:00:00.000Z',
    ]);
  });

  it('New York in November: 01:30, which happens twice on the day the clocks go back, fires once', () => {
    const settings = rules({ timezone: 'America/New_York', peakHours: ['01:30', '09:00'], postsPerDay: 2 });
    expect(firedAcross(settings, '2026-10-31T00:00:00Z', '2026-11-02T23:59:00Z')).toEqual([
      '2026-10-31T05:30:00.000Z', // 01:30 EDT
      '2026-10-31T13:00:00.000Z', // 09:00 EDT
      '2026-11-01T05:30:00.000Z', // the first 01:30 (EDT) only
      '2026-11-01T14:00:00.000Z', // 09:00 EST
      '2026-11-02T06:30:00.000Z', // 01:30 EST
      '2026-11-02T14:00:00.000Z',
    ]);
  });

  it('Sydney in April (clocks back) and October (clocks forward)', () => {
    const settings = rules({ timezone: 'Australia/Sydney', peakHours: ['02:30', '12:00'], postsPerDay: 2 });
    expect(firedAcross(settings, '2026-04-03T14:00:00Z', '2026-04-05T13:59:00Z')).toEqual([
      '2026-04-03T15:30:00.000Z', // 02:30 AEDT on Apr 4
      '2026-04-04T01:00:00.000Z', // 12:00 AEDT
      '2026-04-04T15:30:00.000Z', // Apr 5: the first 02:30 (AEDT) only
      '2026-04-05T02:00:00.000Z', // 12:00 AEST
    ]);
    expect(firedAcross(settings, '2026-10-02T14:00:00Z', '2026-10-04T12:59:00Z')).toEqual([
      '2026-10-02T16:30:00.000Z', // 02:30 AEST on Oct 3
      '2026-10-03T02:00:00.000Z', // 12:00 AEST
      '2026-10-03T16:30:00.000Z', // Oct 4: 02:30 does not exist, 03:30 AEDT
      '2026-10-04T01:00:00.000Z', // 12:00 AEDT
    ]);
  });
});

describe('the next slots', () => {
  it('are strictly after the instant, in order, over allowed days only', () => {
    const settings = rules({ timezone: 'Europe/London', peakHours: ['09:00'], postsPerDay: 1, weekdaysOnly: true });
    // Friday 27 November 2026, after 09:00: next are Monday and Tuesday.
    expect(iso(nextSlots(settings, new Date('2026-11-27T10:00:00Z'), 2))).toEqual([
      '2026-11-30T09:00:00.000Z',
      '2026-12-01T09:00:00.000Z',
    ]);
  });
  it('reach selected dates months ahead, and end with them', () => {
    const settings = rules({ selectedDates: ['2027-02-14'], peakHours: ['12:00'], postsPerDay: 1 });
    expect(iso(nextSlots(settings, new Date('2026-11-27T10:00:00Z'), 3))).toEqual(['2027-02-14T12:00:00.000Z']);
  });
  it('skip a slot missed for longer than the look-back', () => {
    expect(latestSlotUpTo(defaultScheduleSettings, new Date('2026-11-27T09:10:00Z'), 20 * 60_000)).toEqual(
      new Date('2026-11-27T09:00:00Z'),
    );
    expect(latestSlotUpTo(defaultScheduleSettings, new Date('2026-11-27T11:00:00Z'), HOUR)).toBeNull();
  });
});

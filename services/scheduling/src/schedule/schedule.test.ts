import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@brandloom/runtime/testing';
import { scheduleDecider } from './schedule.js';
import { defaultScheduleSettings, parseScheduleSettings } from './schedule-settings.js';

const spec = deciderSpec(scheduleDecider);
const userId = '4b8f8a7e-9a4b-4d8e-8f43-0a5e0c9b1d21';
const at = '2026-11-25T10:00:00.000Z';
const saved = {
  type: 'scheduling.ScheduleSettingsSaved' as const,
  data: { userId, settings: defaultScheduleSettings, at },
};
const started = { type: 'scheduling.SchedulerStarted' as const, data: { userId, at } };
const stopped = { type: 'scheduling.SchedulerStopped' as const, data: { userId, at } };
const form = {
  postsPerDay: 3,
  postingFrequency: 'every_3_hours',
  peakHours: ['17:00', '09:00', '12:00'],
  timezone: 'UTC',
};

describe('the Posting Schedule form', () => {
  it('takes the spec fields, sorting peak hours and filling flags and lists', () => {
    expect(parseScheduleSettings(form)).toEqual(defaultScheduleSettings);
    expect(
      parseScheduleSettings({
        ...form,
        timezone: 'Australia/Sydney',
        selectedDays: ['monday', 'monday'],
        selectedDates: ['2026-12-24', '2026-12-01'],
        contentTopics: [' gifts ', ''],
        startPostingNow: true,
      }),
    ).toMatchObject({
      selectedDays: ['monday'],
      selectedDates: ['2026-12-01', '2026-12-24'],
      contentTopics: ['gifts'],
    });
  });

  it('answers each rule with its own message', () => {
    const refused = (changes: Record<string, unknown>) => () => parseScheduleSettings({ ...form, ...changes });
    expect(refused({ postsPerDay: 0 })).toThrow('Posts per day must be a number from 1 to 20');
    expect(refused({ postsPerDay: 21 })).toThrow('Posts per day must be a number from 1 to 20');
    expect(refused({ postsPerDay: null })).toThrow('Posts per day must be a number from 1 to 20');
    expect(refused({ postingFrequency: 'every_13_hours' })).toThrow(/every_hour, every_2_hours … every_12_hours/);
    expect(refused({ peakHours: [] })).toThrow('Select at least one peak hour');
    expect(refused({ peakHours: null })).toThrow('Select at least one peak hour');
    expect(refused({ peakHours: ['9am'] })).toThrow('Peak hours must be times like 09:00');
    expect(refused({ timezone: 'Mars/Olympus' })).toThrow(/Timezone must be one of UTC, America\/New_York/);
    expect(refused({ selectedDates: ['2026-02-30'] })).toThrow(/YYYY-MM-DD/);
    // A month or day out of range at all is refused the same way, not a crash.
    expect(refused({ selectedDates: ['2026-13-45'] })).toThrow(/YYYY-MM-DD/);
    expect(refused({ selectedDays: ['funday'] })).toThrow(/weekday names/);
  });
});

describe('an owner’s schedule', () => {
  it('records settings, and nothing when the same are saved again', () => {
    spec.given([]).when({ type: 'SaveScheduleSettings', userId, settings: defaultScheduleSettings, at }).then([saved]);
    spec
      .given([saved])
      .when({ type: 'SaveScheduleSettings', userId, settings: defaultScheduleSettings, at })
      .thenNothingHappened();
  });

  it('starts on a plan that may auto-post, once', () => {
    spec.given([]).when({ type: 'StartScheduler', userId, mayAutoPost: true, at }).then([started]);
    spec.given([started]).when({ type: 'StartScheduler', userId, mayAutoPost: true, at }).thenNothingHappened();
  });

  it('refuses to start on the trial or Starter, naming the plan needed', () => {
    spec
      .given([])
      .when({ type: 'StartScheduler', userId, mayAutoPost: false, at })
      .thenThrows(/needs the Professional plan or above/);
  });

  it('stops whatever the plan, once', () => {
    spec.given([started]).when({ type: 'StopScheduler', userId, at }).then([stopped]);
    spec.given([started, stopped]).when({ type: 'StopScheduler', userId, at }).thenNothingHappened();
  });
});

import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@brandloom/runtime/testing';
import { autoPostingDecider, defaultAutoPostingSettings, parseAutoPostingSettings } from './auto-posting-settings.js';

const spec = deciderSpec(autoPostingDecider);
const userId = '4b8f8a7e-9a4b-4d8e-8f43-0a5e0c9b1d21';
const at = '2026-11-25T10:00:00.000Z';
const settings = {
  ...defaultAutoPostingSettings,
  enabled: true,
  platforms: { twitter: true, instagram: false, facebook: false },
};
const saved = { type: 'scheduling.AutoPostingSettingsSaved' as const, data: { userId, settings, at } };

describe('the auto-posting Settings tab', () => {
  it('fills what is missing with the defaults', () => {
    expect(parseAutoPostingSettings({})).toEqual(defaultAutoPostingSettings);
    expect(parseAutoPostingSettings({ enabled: true, platforms: { twitter: true } })).toEqual(settings);
  });
  it('refuses a frequency other than hourly, daily or weekly, and times that are not HH:MM', () => {
    expect(() => parseAutoPostingSettings({ schedule: { frequency: 'monthly' } })).toThrow(
      'schedule.frequency must be hourly, daily or weekly',
    );
    expect(() => parseAutoPostingSettings({ schedule: { times: ['noon'] } })).toThrow(/times like 09:00/);
  });
});

describe('an owner’s auto-posting settings', () => {
  it('are saved on Professional and above, and saving the same again records nothing', () => {
    spec.given([]).when({ type: 'SaveAutoPostingSettings', userId, settings, mayAutoPost: true, at }).then([saved]);
    spec
      .given([saved])
      .when({ type: 'SaveAutoPostingSettings', userId, settings, mayAutoPost: true, at })
      .thenNothingHappened();
  });
  it('are refused on the trial and Starter, naming the plan needed', () => {
    spec
      .given([])
      .when({ type: 'SaveAutoPostingSettings', userId, settings, mayAutoPost: false, at })
      .thenThrows(/Auto-posting needs the Professional plan or above/);
  });
});

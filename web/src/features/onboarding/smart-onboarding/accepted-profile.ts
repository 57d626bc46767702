import { asClockTime } from '@brandloom/proto-events/forms';
import type { ScheduleSettingsFieldsFragment, ScheduleSettingsInput } from '../../../gql/graphql.js';
import type { BrandChanges } from '../brand-input.js';

export interface ProfileDraft {
  brandVoice: string;
  contentGuidelines: string;
  defaultHashtags: string[];
  postingTimes: string[];
}

export type ProfileField = keyof ProfileDraft;

export const profileFields: { key: ProfileField; label: string; savedTo: string }[] = [
  { key: 'brandVoice', label: 'Brand voice', savedTo: 'Brand Settings' },
  { key: 'contentGuidelines', label: 'Content guidelines', savedTo: 'Brand Settings' },
  { key: 'defaultHashtags', label: 'Default hashtags', savedTo: 'Brand Settings' },
  { key: 'postingTimes', label: 'Posting times', savedTo: 'Posting Schedule (peak hours)' },
];

export interface AcceptedProfile {
  /** Brand Settings fields to change, or null: Brand Settings is left alone. */
  brand: BrandChanges | null;
  /** Peak hours for the Posting Schedule, or null: the schedule is left alone. */
  peakHours: string[] | null;
}

/** Only what the owner accepted, as the owner edited it; an empty list is not a choice to save. */
export function acceptedProfile(draft: ProfileDraft, accepted: ReadonlySet<ProfileField>): AcceptedProfile {
  const brand: BrandChanges = {};
  if (accepted.has('brandVoice') && draft.brandVoice.trim()) brand.brandVoice = draft.brandVoice.trim();
  if (accepted.has('contentGuidelines')) brand.contentGuidelines = draft.contentGuidelines.trim();
  if (accepted.has('defaultHashtags') && draft.defaultHashtags.length) brand.defaultHashtags = draft.defaultHashtags;
  const peakHours = accepted.has('postingTimes') && draft.postingTimes.length ? draft.postingTimes : null;
  return { brand: Object.keys(brand).length ? brand : null, peakHours };
}

/** "#a, b  #c" → ["#a", "#b", "#c"]: the owner edits hashtags as one line. */
export function hashtagsFromText(text: string): string[] {
  const tags = text
    .split(/[\s,]+/)
    .map((word) => word.replace(/^#+/, ''))
    .filter(Boolean)
    .map((word) => `#${word}`);
  return [...new Set(tags)];
}

/** "7:30, 12:00 17:00" → ["07:30", "12:00", "17:00"], or the first entry that is not a time. */
export function postingTimesFromText(text: string): { times: string[] } | { invalid: string } {
  const times: string[] = [];
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    const time = asClockTime(entry);
    if (!time) return { invalid: entry };
    times.push(time);
  }
  return { times: [...new Set(times)].sort() };
}

/** The saved Posting Schedule with new peak hours, as its input (reads carry `__typename`, inputs must not). */
export function scheduleWithPeakHours(
  saved: ScheduleSettingsFieldsFragment,
  peakHours: string[],
): ScheduleSettingsInput {
  return {
    aiPostingEnabled: saved.aiPostingEnabled,
    postsPerDay: saved.postsPerDay,
    postingFrequency: saved.postingFrequency,
    peakHours,
    timezone: saved.timezone,
    weekdaysOnly: saved.weekdaysOnly,
    postEveryDay: saved.postEveryDay,
    selectedDays: saved.selectedDays,
    selectedDates: saved.selectedDates,
    contentTopics: saved.contentTopics,
    startPostingNow: false,
  };
}

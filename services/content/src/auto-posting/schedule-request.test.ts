import { describe, expect, it } from 'vitest';
import { parseScheduleRequest, withHashtags } from './schedule-request.js';

const now = new Date('2026-11-25T10:00:00.000Z');
const form = {
  content: 'Weekend sale: 20% off all trail shoes',
  platform: 'instagram',
  scheduledTime: '2026-11-26T09:30:00.000Z',
};
const message = (input: unknown) => {
  try {
    parseScheduleRequest(input, now);
  } catch (error) {
    return (error as Error).message;
  }
  return null;
};

describe('the Schedule Post form', () => {
  it('needs content of at least 10 characters, a platform that can be published to, and a time', () => {
    expect(message({ ...form, content: ' too short ' })).toBe('Content must be at least 10 characters');
    expect(message({ ...form, content: undefined })).toBe('Content must be at least 10 characters');
    expect(message({ ...form, platform: 'tiktok' })).toBe('Please select a platform');
    expect(message({ ...form, platform: undefined })).toBe('Please select a platform');
    expect(message({ ...form, scheduledTime: '' })).toBe('Please select a time');
    expect(message({ ...form, scheduledTime: null })).toBe('Please select a time');
    expect(message({ ...form, scheduledTime: 'tomorrow at nine' })).toMatch(/^Please select a valid time \(ISO 8601/);
    expect(message({ ...form, scheduledTime: '2026-11-26T09:30' })).toMatch(/^Please select a valid time/);
    expect(message(null)).toBe('Content must be at least 10 characters');
  });

  it('refuses a time in the past, but not one picked for the current minute', () => {
    expect(message({ ...form, scheduledTime: '2026-11-25T09:58:00Z' })).toBe('Please select a time in the future');
    expect(message({ ...form, scheduledTime: '2026-11-25T09:59:30Z' })).toBeNull();
  });

  it('records the time in UTC, requires approval by default, and keeps topic and tone', () => {
    expect(
      parseScheduleRequest({ ...form, scheduledTime: '2026-11-26T10:30:00+01:00', topic: ' shoes ' }, now),
    ).toEqual({
      platform: 'instagram',
      content: form.content,
      scheduledTime: '2026-11-26T09:30:00.000Z',
      topic: 'shoes',
      tone: '',
      includeHashtags: false,
      requiresApproval: true,
    });
    expect(parseScheduleRequest({ ...form, requiresApproval: false }, now).requiresApproval).toBe(false);
  });

  it('appends the hashtags, trimmed and with a #, unless the text already has them', () => {
    const request = parseScheduleRequest(
      { ...form, content: 'Weekend sale on #Shoes', hashtags: [' shoes', 'trail run', '#sale', ''] },
      now,
    );
    expect(request.content).toBe('Weekend sale on #Shoes\n\n#trailrun #sale');
    expect(request.includeHashtags).toBe(true);
    expect(withHashtags('No tags here at all', [])).toBe('No tags here at all');
    expect(withHashtags('Twice the fun', ['fun', '#fun'])).toBe('Twice the fun\n\n#fun');
  });
});

import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@brandloom/runtime/testing';
import { brandDecider, defaultBrandSettings, parseBrandSettings } from './brand-settings.js';

const userId = '4b8f8a7e-9a4b-4d8e-8f43-0a5e0c9b1d21';
const at = '2026-11-25T10:00:00.000Z';
const spec = deciderSpec(brandDecider);
const form = { ...defaultBrandSettings, brandName: 'Corner Bakery' };

describe('brand settings', () => {
  it('are recorded when saved, and not again when unchanged', () => {
    const saved = { type: 'content.BrandSettingsSaved' as const, data: { userId, settings: form, at } };
    spec.given([]).when({ type: 'SaveBrandSettings', userId, settings: form, at }).then([saved]);
    spec.given([saved]).when({ type: 'SaveBrandSettings', userId, settings: form, at }).thenNothingHappened();
  });

  it('require brand name, voice and tone with the spec messages', () => {
    expect(() => parseBrandSettings({ ...form, brandName: '  ' })).toThrow('Brand name is required');
    expect(() => parseBrandSettings({ ...form, brandVoice: undefined })).toThrow('Brand voice is required');
    expect(() => parseBrandSettings({ ...form, defaultTone: '' })).toThrow('Default tone is required');
  });

  it('accept only valid URLs or nothing', () => {
    expect(() => parseBrandSettings({ ...form, storeDomain: 'not a url' })).toThrow('Please enter a valid URL');
    expect(() => parseBrandSettings({ ...form, defaultProductUrl: 'javascript:alert(1)' })).toThrow(
      'Please enter a valid URL',
    );
    expect(parseBrandSettings({ ...form, storeDomain: 'https://shop.example' }).storeDomain).toBe(
      'https://shop.example',
    );
  });

  it('normalise hashtags with a leading #, dropping blanks and repeats', () => {
    const settings = parseBrandSettings({ ...form, defaultHashtags: ['fitness', '#fitness', '  ', '##gym day'] });
    expect(settings.defaultHashtags).toEqual(['#fitness', '#gymday']);
  });

  it('allow auto-post only on an enabled platform', () => {
    const settings = parseBrandSettings({
      ...form,
      platformSettings: {
        ...form.platformSettings,
        twitter: { enabled: false, autoPost: true, postTypes: [] },
        facebook: { enabled: true, autoPost: true, postTypes: [] },
      },
    });
    expect(settings.platformSettings.twitter.autoPost).toBe(false);
    expect(settings.platformSettings.facebook.autoPost).toBe(true);
  });

  it('need all four platforms and bound the lengths', () => {
    expect(() => parseBrandSettings({ ...form, platformSettings: undefined })).toThrow(/platformSettings/);
    expect(() => parseBrandSettings({ ...form, brandName: 'x'.repeat(101) })).toThrow('at most 100');
  });
});

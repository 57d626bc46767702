import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@brandloom/runtime/testing';
import { defaultBrandSettings } from '../brand/brand-settings.js';
import type { BrandSettings } from '../events.js';
import { slotDecider, slotPlatforms, slotPostId, slotPostTerms, slotTopic } from './slot.js';

const userId = '4b8f8a7e-9a4b-4d8e-8f43-0a5e0c9b1d21';
const brand = (changes: Partial<BrandSettings['platformSettings']> = {}): BrandSettings => ({
  ...defaultBrandSettings,
  brandName: 'Corner Bakery',
  platformSettings: { ...defaultBrandSettings.platformSettings, ...changes },
});
const off = { enabled: false, autoPost: false, postTypes: [] };
const autoPosting = { enabled: true, autoPost: true, postTypes: [] };

describe('a slot of the AI posting schedule', () => {
  it('makes posts for the brand’s enabled platforms, narrowed to those it names', () => {
    const settings = brand({ tiktok: off, facebook: off });
    expect(slotPlatforms(settings, [])).toEqual(['twitter', 'instagram']);
    expect(slotPlatforms(settings, ['instagram', 'facebook'])).toEqual(['instagram']);
    expect(slotPlatforms(null, [])).toEqual(['twitter', 'instagram', 'tiktok', 'facebook']);
  });

  it('approves a post only where auto-post is on and the plan includes auto-posting', () => {
    const settings = brand({ twitter: autoPosting });
    expect(slotPostTerms(settings, 'twitter', true)).toEqual({ autoPost: true, approved: true });
    expect(slotPostTerms(settings, 'twitter', false)).toEqual({ autoPost: true, approved: false });
    expect(slotPostTerms(settings, 'instagram', true)).toEqual({ autoPost: false, approved: false });
    expect(slotPostTerms(null, 'twitter', true)).toEqual({ autoPost: false, approved: false });
  });

  it('names one post per owner, slot and platform', () => {
    const id = slotPostId(userId, 'slot-1', 'twitter');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(slotPostId(userId, 'slot-1', 'twitter')).toBe(id);
    expect(slotPostId(userId, 'slot-1', 'facebook')).not.toBe(id);
    expect(slotPostId(userId, 'slot-2', 'twitter')).not.toBe(id);
  });

  it('rotates its topic hour by hour, about the brand, with its product link when set', () => {
    const nine = slotTopic(brand(), '2026-11-26T09:00:00.000Z');
    const ten = slotTopic(brand(), '2026-11-26T10:00:00.000Z');
    expect(nine).toContain('Corner Bakery');
    expect(ten).not.toBe(nine);
    expect(slotTopic(brand(), '2026-11-26T09:45:00.000Z')).toBe(nine);
    expect(slotTopic({ ...brand(), defaultProductUrl: 'https://bakery.example/rye' }, '2026-11-26T09:00:00Z')).toBe(
      `${nine} (link: https://bakery.example/rye)`,
    );
    expect(slotTopic(null, '2026-11-26T09:00:00.000Z')).toContain('our shop');
  });

  it('records a platform’s failure once, however often the slot is handled', () => {
    const command = {
      type: 'RecordSlotFailure' as const,
      slotId: 'slot-1',
      userId,
      platform: 'twitter' as const,
      reason: 'OpenAI API key not configured. Add your key in API Settings.',
      at: '2026-11-26T09:00:01.000Z',
    };
    const { type: _type, ...data } = command;
    const failed = { type: 'content.SlotGenerationFailed' as const, data };
    deciderSpec(slotDecider).given([]).when(command).then([failed]);
    deciderSpec(slotDecider).given([failed]).when(command).thenNothingHappened();
  });
});

import { DomainError, type Decider } from '@brandloom/runtime';
import { z } from 'zod';
import type { BrandSettings, ContentEventOf } from '../events.js';
import { normalizeHashtag, platforms, type Platform } from '../platforms.js';

export const brandStream = (userId: string): string => `brand-${userId}`;

const defaultPlatform = { enabled: true, autoPost: false, postTypes: [] as string[] };

/** What an owner who never saved sees (spec §3). */
export const defaultBrandSettings: BrandSettings = {
  brandName: 'My Brand',
  storeDomain: '',
  brandVoice: 'motivational',
  defaultTone: 'friendly',
  defaultHashtags: [],
  autoGenerateHashtags: false,
  aiAssistantName: '',
  contentGuidelines: '',
  defaultProductUrl: '',
  useRandomProducts: false,
  customInstructions: '',
  platformSettings: Object.fromEntries(platforms.map((p) => [p, { ...defaultPlatform }])) as Record<
    Platform,
    typeof defaultPlatform
  >,
};

/**
 * Used in prompts when the owner left a brand field empty: the spec's sample fitness shop, so a
 * first generation before any settings still reads like a real brand.
 */
export const sampleBrand = {
  brandName: 'FitLife Gear',
  brandVoice: 'motivational',
  contentGuidelines:
    'Promote an active, healthy lifestyle with our fitness equipment and apparel. Be encouraging and energetic.',
};

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => value ?? '');
const optionalUrl = z
  .string()
  .trim()
  .max(500, 'Must be at most 500 characters')
  .nullish()
  .transform((value) => value ?? '')
  .refine((value) => value === '' || (/^https?:\/\//i.test(value) && URL.canParse(value)), 'Please enter a valid URL');
const flag = z
  .boolean()
  .nullish()
  .transform((value) => value ?? false);

const platformSetting = z
  .object({
    enabled: flag,
    autoPost: flag,
    postTypes: z
      .array(z.string().trim().min(1).max(40))
      .max(20)
      .nullish()
      .transform((value) => value ?? []),
  })
  // Auto-post only ever on an enabled platform (spec §4).
  .transform((setting) => ({ ...setting, autoPost: setting.enabled && setting.autoPost }));

/** The form's rules (spec §5), with bounds the spec leaves open. */
export const brandSettingsInputSchema = z.object({
  brandName: required('Brand name is required', 100),
  storeDomain: optionalUrl,
  brandVoice: required('Brand voice is required', 100),
  defaultTone: required('Default tone is required', 50),
  defaultHashtags: z
    .array(z.string().max(60, 'A hashtag must be at most 60 characters'))
    .max(30, 'At most 30 default hashtags')
    .nullish()
    .transform((tags) => [...new Set((tags ?? []).map(normalizeHashtag).filter((tag) => tag !== null))]),
  autoGenerateHashtags: flag,
  aiAssistantName: optionalText(100),
  contentGuidelines: optionalText(2000),
  defaultProductUrl: optionalUrl,
  useRandomProducts: flag,
  customInstructions: optionalText(2000),
  platformSettings: z.object(
    {
      twitter: platformSetting,
      instagram: platformSetting,
      tiktok: platformSetting,
      facebook: platformSetting,
    },
    { error: 'platformSettings must contain twitter, instagram, tiktok and facebook' },
  ),
});

export function parseBrandSettings(input: unknown): BrandSettings {
  const parsed = brandSettingsInputSchema.safeParse(input);
  if (!parsed.success) throw new DomainError(parsed.error.issues[0]!.message, 'BAD_USER_INPUT');
  return parsed.data;
}

export type BrandCommand = { type: 'SaveBrandSettings'; userId: string; settings: BrandSettings; at: string };
type BrandEvent = ContentEventOf<'content.BrandSettingsSaved'>;

/** An owner's brand: saving the same settings again records nothing. */
export const brandDecider: Decider<BrandCommand, BrandEvent, BrandSettings | null> = {
  initialState: () => null,
  decide(command, state) {
    if (state && JSON.stringify(state) === JSON.stringify(command.settings)) return [];
    return [
      {
        type: 'content.BrandSettingsSaved',
        data: { userId: command.userId, settings: command.settings, at: command.at },
      },
    ];
  },
  evolve: (_state, event) => event.data.settings,
};

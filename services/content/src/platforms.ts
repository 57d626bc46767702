/** The four platforms and their rules for a post (spec §9). */
export const platforms = ['twitter', 'instagram', 'tiktok', 'facebook'] as const;
export type Platform = (typeof platforms)[number];

export interface PlatformRules {
  label: string;
  maxCharacters: number;
  hashtags: { min: number; max: number };
}

export const platformRules: Record<Platform, PlatformRules> = {
  twitter: { label: 'X (Twitter)', maxCharacters: 280, hashtags: { min: 2, max: 4 } },
  facebook: { label: 'Facebook', maxCharacters: 2200, hashtags: { min: 1, max: 3 } },
  instagram: { label: 'Instagram', maxCharacters: 2200, hashtags: { min: 5, max: 10 } },
  tiktok: { label: 'TikTok', maxCharacters: 4000, hashtags: { min: 3, max: 6 } },
};

export const isPlatform = (value: unknown): value is Platform => platforms.includes(value as Platform);

/** The shortest post worth reviewing (spec §9). */
export const MIN_CONTENT_LENGTH = 10;

/** Characters as people count them (an emoji is one), which is how the platforms count. */
export const characterCount = (text: string): number => [...text].length;

const HASHTAG = /#[\p{L}\p{N}_]+/gu;
export const hashtagsIn = (text: string): string[] => text.match(HASHTAG) ?? [];

/** '#' prefixed when missing, blanks and inner spaces dropped: 'summer sale' → '#summersale'. */
export function normalizeHashtag(raw: string): string | null {
  const bare = raw.trim().replace(/^#+/, '').replace(/\s+/g, '');
  return bare ? `#${bare}` : null;
}

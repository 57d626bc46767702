export const platformKeys = ['twitter', 'instagram', 'tiktok', 'facebook'] as const;
export type PlatformKey = (typeof platformKeys)[number];

/** The platforms a post can go out to by itself (TikTok is content only). */
export const autoPostPlatformKeys = ['twitter', 'instagram', 'facebook'] as const;

export const platformLabels: Record<PlatformKey, string> = {
  twitter: 'X (Twitter)',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  facebook: 'Facebook',
};

export const isPlatformKey = (value: string): value is PlatformKey =>
  (platformKeys as readonly string[]).includes(value);

/** 'X (Twitter)' for 'twitter'; an unknown key as it is. */
export const platformLabel = (key: string): string => (isPlatformKey(key) ? platformLabels[key] : key);

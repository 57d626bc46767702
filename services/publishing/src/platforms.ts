import { postPlatforms, type PostPlatform } from '@brandloom/proto-events';

/** How the product names each platform to the owner. */
export const platformLabels: Readonly<Record<PostPlatform, string>> = {
  twitter: 'X',
  instagram: 'Instagram',
  facebook: 'Facebook',
  tiktok: 'TikTok',
};

/** The API Settings tab's name for the platform, as in 'Enter your X (Twitter) credentials first.' */
export const formLabels: Readonly<Record<PostPlatform, string>> = {
  twitter: 'X (Twitter)',
  instagram: 'Instagram',
  facebook: 'Facebook',
  tiktok: 'TikTok',
};

export const isPostPlatform = (value: string): value is PostPlatform => postPlatforms.includes(value as PostPlatform);

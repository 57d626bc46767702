/** The pack as the owner pastes it into TikTok: the caption, a blank line, the hashtags. */
export function packText(pack: { caption: string; hashtags: readonly string[] }): string {
  return [pack.caption, pack.hashtags.join(' ')].filter(Boolean).join('\n\n');
}

/** The downloaded pack's file name, one per post. */
export const packFileName = (postId: string): string => `tiktok-pack-${postId.slice(0, 8)}.txt`;

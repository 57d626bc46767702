const HASHTAG = /#[\p{L}\p{N}_]+/gu;

/** A TikTok post as the owner copies it: the caption without its hashtags, and the hashtags apart. */
export function contentPack(content: string): { caption: string; hashtags: string[] } {
  const hashtags = [...new Set(content.match(HASHTAG) ?? [])];
  const caption = content
    .replace(HASHTAG, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/\s+$/gm, '')
    .trim();
  return { caption, hashtags };
}

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

/** TikTok's limit on a photo post's title. */
const TITLE_LIMIT = 90;

/** The pack as a TikTok photo draft: its first line as the title, the whole pack as the description. */
export function draftOf(content: string): { title: string; description: string } {
  const { caption, hashtags } = contentPack(content);
  const title = [...(caption.split('\n')[0] ?? '')].slice(0, TITLE_LIMIT).join('');
  return { title, description: [caption, hashtags.join(' ')].filter(Boolean).join('\n\n') };
}

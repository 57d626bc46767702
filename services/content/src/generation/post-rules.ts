import { characterCount, hashtagsIn, normalizeHashtag, platformRules, type Platform } from '../platforms.js';

export interface FittedPost {
  /** The post as it would be published: text, then its hashtags. */
  content: string;
  hashtags: string[];
}

export interface Fit {
  post: FittedPost;
  /** Whether the model's own text already fit (no repair beyond hashtag bookkeeping). */
  fitAsWritten: boolean;
}

const HASHTAG_ANYWHERE = /(^|\s)#[\p{L}\p{N}_]+/gu;

/**
 * Makes a model's answer fit the platform (spec §9): the hashtags the model wrote are taken out
 * of the text, deduplicated and cut to the platform's maximum, topped up from `fallbackTags` to
 * its minimum, and appended; the text is shortened at a word boundary if the whole is still too
 * long. The result is never over the limit.
 */
export function fitToPlatform(
  platform: Platform,
  answer: string,
  options: { includeHashtags: boolean; fallbackTags: readonly string[] },
): Fit {
  const rules = platformRules[platform];
  const text = answer
    .replace(HASHTAG_ANYWHERE, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
  let hashtags: string[] = [];
  if (options.includeHashtags) {
    const written = [...new Set(hashtagsIn(answer))];
    const extra = options.fallbackTags.map(normalizeHashtag).filter((tag): tag is string => tag !== null);
    hashtags = [...new Set([...written, ...extra])].slice(0, Math.max(rules.hashtags.max, 0));
    // Keep what the model wrote when it is enough; add fallbacks only to reach the minimum.
    const own = written.slice(0, rules.hashtags.max);
    if (own.length >= rules.hashtags.min) hashtags = own;
    else hashtags = hashtags.slice(0, Math.max(rules.hashtags.min, own.length));
  }
  const tail = hashtags.length ? `\n\n${hashtags.join(' ')}` : '';
  const room = rules.maxCharacters - characterCount(tail);
  const fitAsWritten =
    characterCount(text) <= room && (!options.includeHashtags || hashtagsIn(answer).length <= rules.hashtags.max);
  return { post: { content: `${shorten(text, room)}${tail}`, hashtags }, fitAsWritten };
}

/** At most `room` characters, cut at a word boundary with an ellipsis when cut at all. */
export function shorten(text: string, room: number): string {
  if (characterCount(text) <= room) return text;
  const chars = [...text].slice(0, Math.max(room - 1, 0));
  const cut = chars.join('');
  const lastSpace = cut.search(/\s\S*$/);
  const base = lastSpace > room / 2 ? cut.slice(0, lastSpace) : cut;
  return `${base.replace(/[\s.,;:!?-]+$/, '')}…`;
}

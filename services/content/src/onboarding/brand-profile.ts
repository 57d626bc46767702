import { DomainError } from '@brandloom/runtime';
import { asClockTime, shopDescriptionSchema } from '@brandloom/proto-events/forms';
import { z } from 'zod';
import { normalizeHashtag } from '../platforms.js';
import type { ChatMessage } from '../generation/provider.js';

export const unreadableAnswerMessage = 'The AI answer could not be read as a brand profile. Please try again.';

const draftRequestSchema = z.object({ description: shopDescriptionSchema });

/** The owner's description, trimmed and within bounds, or a 400 with the form's message. */
export function parseDraftRequest(input: unknown): { description: string } {
  const parsed = draftRequestSchema.safeParse(input ?? {});
  if (!parsed.success) throw new DomainError(parsed.error.issues[0]!.message, 'BAD_USER_INPUT');
  return parsed.data;
}

/** What the owner reviews: every field fits what Brand Settings and the Posting Schedule accept. */
export interface BrandProfileDraft {
  brandVoice: string;
  contentGuidelines: string;
  defaultHashtags: string[];
  /** HH:MM, 24-hour, earliest first. */
  postingTimes: string[];
}

/** The limits the drafted fields are held to: Brand Settings' own (100, 2000 characters, 30 tags). */
const VOICE_MAX = 100;
const GUIDELINES_MAX = 2000;
const HASHTAGS_MAX = 10;
const TIMES_MAX = 6;

const clip = (max: number) => z.string().transform((text) => text.trim().slice(0, max));

/**
 * The model's JSON, held to the limits above. A model over-delivers (a 12-tag list, a time as
 * "9:00") more often than it breaks the shape, so lists are cut and times normalised rather than
 * refused; a missing voice or a non-list is refused.
 */
const answerSchema = z.object({
  brandVoice: clip(VOICE_MAX).pipe(z.string().min(1)),
  contentGuidelines: clip(GUIDELINES_MAX).default(''),
  defaultHashtags: z
    .array(z.string())
    .default([])
    .transform((tags) =>
      [...new Set(tags.map(normalizeHashtag).filter((tag): tag is string => tag !== null && tag.length <= 60))].slice(
        0,
        HASHTAGS_MAX,
      ),
    ),
  postingTimes: z
    .array(z.string())
    .default([])
    .transform((times) =>
      [...new Set(times.map(asClockTime).filter((time): time is string => time !== null))].sort().slice(0, TIMES_MAX),
    ),
});

/**
 * Reads the model's answer: one JSON object, possibly inside a code fence or after a sentence of
 * preamble. Anything else is a clear "try again", never a 500.
 */
export function parseBrandProfileAnswer(answer: string): BrandProfileDraft {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start === -1 || end <= start) throw unreadable();
  let json: unknown;
  try {
    json = JSON.parse(answer.slice(start, end + 1));
  } catch {
    throw unreadable();
  }
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) throw unreadable();
  return parsed.data;
}

const unreadable = () => new DomainError(unreadableAnswerMessage, 'SERVICE_UNAVAILABLE');

/** Asks for the four fields as JSON; the description is the owner's, quoted as data. */
export function brandProfilePrompt(description: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content: [
        'You help a small retail shop set up its social media brand profile.',
        'Answer with one JSON object only, no prose, with exactly these keys:',
        `"brandVoice": a few words describing the voice (at most ${VOICE_MAX} characters),`,
        '"contentGuidelines": two to four sentences of guidance for writing posts,',
        `"defaultHashtags": up to ${HASHTAGS_MAX} hashtags that fit the shop, each starting with #,`,
        `"postingTimes": up to ${TIMES_MAX} good local posting times for its buyers, as "HH:MM" (24-hour).`,
      ].join('\n'),
    },
    { role: 'user', content: `About the shop, in the owner's words:\n"""\n${description}\n"""` },
  ];
}

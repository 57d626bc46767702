import { publishablePlatforms, type PublishablePlatform } from '@brandloom/proto-events';
import { DomainError } from '@brandloom/runtime';
import { z } from 'zod';
import { characterCount, hashtagsIn, MIN_CONTENT_LENGTH, normalizeHashtag } from '../platforms.js';

export const scheduleMessages = {
  contentTooShort: `Content must be at least ${MIN_CONTENT_LENGTH} characters`,
  platform: 'Please select a platform',
  timeRequired: 'Please select a time',
  timeInvalid: 'Please select a valid time (ISO 8601 with a time zone, e.g. 2026-12-01T09:30:00Z)',
  timeInPast: 'Please select a time in the future',
} as const;

/**
 * A time picked for the current minute is already a few seconds old when it arrives; it still
 * goes out (at once) rather than being refused.
 */
export const PAST_TIME_GRACE_MS = 60_000;

/** The Auto-Posting screen's Schedule Post form (spec §5), in its order. */
const scheduleSchema = z.object({
  content: z
    .string({ error: scheduleMessages.contentTooShort })
    .trim()
    .refine((text) => characterCount(text) >= MIN_CONTENT_LENGTH, scheduleMessages.contentTooShort),
  platform: z
    .string({ error: scheduleMessages.platform })
    .refine((value) => publishablePlatforms.includes(value as PublishablePlatform), scheduleMessages.platform),
  scheduledTime: z
    .string({ error: scheduleMessages.timeRequired })
    .trim()
    .min(1, scheduleMessages.timeRequired)
    .pipe(z.iso.datetime({ offset: true, error: scheduleMessages.timeInvalid })),
  topic: z.string().trim().max(500, 'Topic must be at most 500 characters').nullish(),
  tone: z.string().trim().max(50, 'Tone must be at most 50 characters').nullish(),
  hashtags: z
    .array(z.string().max(60, 'A hashtag must be at most 60 characters'), { error: 'Hashtags must be a list' })
    .max(30, 'At most 30 hashtags')
    .nullish(),
  requiresApproval: z.boolean().nullish(),
});

export interface ScheduleRequest {
  platform: PublishablePlatform;
  /** The text with the form's hashtags appended (those it did not already contain). */
  content: string;
  /** UTC, as every time Brandloom records. */
  scheduledTime: string;
  topic: string;
  tone: string;
  includeHashtags: boolean;
  requiresApproval: boolean;
}

/** The form checked and normalised; platform limits are the post's own rule (checked on create). */
export function parseScheduleRequest(input: unknown, now: Date): ScheduleRequest {
  const parsed = scheduleSchema.safeParse(input ?? {});
  if (!parsed.success) throw new DomainError(parsed.error.issues[0]!.message, 'BAD_USER_INPUT');
  const form = parsed.data;
  const time = new Date(form.scheduledTime);
  if (time.getTime() < now.getTime() - PAST_TIME_GRACE_MS) {
    throw new DomainError(scheduleMessages.timeInPast, 'BAD_USER_INPUT');
  }
  const content = withHashtags(form.content, form.hashtags ?? []);
  return {
    platform: form.platform as PublishablePlatform,
    content,
    scheduledTime: time.toISOString(),
    topic: form.topic ?? '',
    tone: form.tone ?? '',
    includeHashtags: hashtagsIn(content).length > 0,
    requiresApproval: form.requiresApproval ?? true,
  };
}

/** '#'-prefixed, deduplicated tags appended after a blank line, skipping any the text already has. */
export function withHashtags(content: string, hashtags: readonly string[]): string {
  const present = new Set(hashtagsIn(content).map((tag) => tag.toLowerCase()));
  const added: string[] = [];
  for (const tag of hashtags.map(normalizeHashtag)) {
    if (tag === null || present.has(tag.toLowerCase())) continue;
    present.add(tag.toLowerCase());
    added.push(tag);
  }
  return added.length ? `${content}\n\n${added.join(' ')}` : content;
}

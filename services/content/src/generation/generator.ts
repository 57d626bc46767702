import { DomainError, type ServiceClient } from '@brandloom/runtime';
import { z } from 'zod';
import type { BrandSettings } from '../events.js';
import { characterCount, isPlatform, platformRules, type Platform } from '../platforms.js';
import { sampleBrand } from '../brand/brand-settings.js';
import { fitToPlatform, type FittedPost } from './post-rules.js';
import { postPrompt, retryPrompt } from './prompt.js';
import type { AiProvider, Completion, OwnerCredentials } from './provider.js';

/** Contains 'API key not configured', which the Test AI Connection screen recognises (spec §8). */
export const KEY_MISSING = 'OpenAI API key not configured. Add your key in API Settings.';

const generateSchema = z.object({
  platform: z
    .string({ error: 'Please select at least one platform.' })
    .refine(isPlatform, 'Please select at least one platform.'),
  topic: z
    .string({ error: 'Please enter a topic for content generation.' })
    .trim()
    .min(1, 'Please enter a topic for content generation.')
    .max(500, 'Topic must be at most 500 characters'),
  tone: z.string().trim().max(50).nullish(),
  includeHashtags: z.boolean().nullish(),
  brandName: z.string().trim().max(100).nullish(),
  brandVoice: z.string().trim().max(100).nullish(),
  contentGuidelines: z.string().trim().max(2000).nullish(),
});

export interface GenerationRequest {
  platform: Platform;
  topic: string;
  tone: string;
  includeHashtags: boolean;
  brand: { brandName: string; brandVoice: string; contentGuidelines: string; customInstructions: string };
  fallbackTags: string[];
}

/** The request, with brand fields from the form, else the saved settings, else the sample shop. */
export function parseGenerationRequest(input: unknown, saved: BrandSettings | null): GenerationRequest {
  const parsed = generateSchema.safeParse(input ?? {});
  if (!parsed.success) throw new DomainError(parsed.error.issues[0]!.message, 'BAD_USER_INPUT');
  const form = parsed.data;
  const pick = (given: string | null | undefined, stored: string | undefined, sample: string) =>
    given || stored || sample;
  return {
    platform: form.platform as Platform,
    topic: form.topic,
    tone: form.tone || saved?.defaultTone || 'professional',
    includeHashtags: form.includeHashtags ?? true,
    brand: {
      brandName: pick(form.brandName, saved?.brandName, sampleBrand.brandName),
      brandVoice: pick(form.brandVoice, saved?.brandVoice, sampleBrand.brandVoice),
      contentGuidelines: pick(form.contentGuidelines, saved?.contentGuidelines, sampleBrand.contentGuidelines),
      customInstructions: saved?.customInstructions ?? '',
    },
    fallbackTags: [
      ...(saved?.defaultHashtags ?? []),
      ...topicTags(form.topic),
      '#smallbusiness',
      '#shoplocal',
      '#newpost',
      '#instadaily',
      '#community',
      '#quality',
    ],
  };
}

const topicTags = (topic: string) =>
  topic
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 3)
    .slice(0, 3);

export interface Generated {
  post: FittedPost;
  attempts: number;
  promptTokens: number;
  completionTokens: number;
  model: string;
}

/**
 * One post: asks the model, checks the answer against the platform, asks once more when it ran
 * over the limit, and repairs whatever still does not fit. Never returns a post over the limit.
 */
export async function generatePost(
  provider: AiProvider,
  credentials: OwnerCredentials,
  request: GenerationRequest,
): Promise<Generated> {
  const prompt = postPrompt(request.brand, request);
  const spent = { promptTokens: 0, completionTokens: 0 };
  const ask = async (messages: typeof prompt): Promise<Completion> => {
    const completion = await provider.complete(credentials, messages);
    spent.promptTokens += completion.promptTokens;
    spent.completionTokens += completion.completionTokens;
    return completion;
  };
  const options = { includeHashtags: request.includeHashtags, fallbackTags: request.fallbackTags };
  const first = await ask(prompt);
  let fit = fitToPlatform(request.platform, first.text, options);
  let attempts = 1;
  if (!fit.fitAsWritten) {
    attempts = 2;
    const second = await ask(retryPrompt(prompt, first.text, request.platform, characterCount(first.text)));
    fit = fitToPlatform(request.platform, second.text, options);
  }
  if (characterCount(fit.post.content.replace(/\s+/g, '')) === 0) {
    throw new DomainError('The AI provider returned an empty post. Please try again.', 'BAD_USER_INPUT');
  }
  if (characterCount(fit.post.content) > platformRules[request.platform].maxCharacters) {
    throw new Error('A generated post was repaired over its limit'); // fitToPlatform never allows this
  }
  return { post: fit.post, attempts, ...spent, model: first.model };
}

const credentialsQuery = 'query OwnerOpenAiCredentials { ownerOpenAiCredentials { apiKey baseUrl } }';

/** The owner's AI key, from identity's vault through a signed service call; never from the browser. */
export async function ownerCredentials(
  services: ServiceClient,
  onBehalfOf: { userId: string; requestId: string },
): Promise<OwnerCredentials | null> {
  const data = await services.query<{ ownerOpenAiCredentials: OwnerCredentials | null }>(
    'identity',
    { query: credentialsQuery },
    onBehalfOf,
  );
  return data.ownerOpenAiCredentials;
}

import { platformRules, type Platform } from '../platforms.js';
import type { ChatMessage } from './provider.js';

export interface PromptBrand {
  brandName: string;
  brandVoice: string;
  contentGuidelines: string;
  customInstructions: string;
}

export interface PromptRequest {
  platform: Platform;
  topic: string;
  tone: string;
  includeHashtags: boolean;
}

/** The prompt: brand, voice, guidelines, tone, topic and the platform's rules (spec §9). */
export function postPrompt(brand: PromptBrand, request: PromptRequest): ChatMessage[] {
  const rules = platformRules[request.platform];
  const hashtagRule = request.includeHashtags
    ? `End with ${rules.hashtags.min}-${rules.hashtags.max} relevant hashtags.`
    : 'Use no hashtags.';
  return [
    {
      role: 'system',
      content: [
        `You write social media posts for ${brand.brandName}, a small retail business.`,
        `Brand voice: ${brand.brandVoice}.`,
        brand.contentGuidelines && `Guidelines: ${brand.contentGuidelines}`,
        brand.customInstructions && `Also: ${brand.customInstructions}`,
        'Answer with the post text only: no preamble, no quotes.',
      ]
        .filter(Boolean)
        .join('\n'),
    },
    {
      role: 'user',
      content: [
        `Write one ${rules.label} post about: ${request.topic}`,
        `Tone: ${request.tone}.`,
        `At most ${rules.maxCharacters} characters in total, hashtags included.`,
        hashtagRule,
      ].join('\n'),
    },
  ];
}

/** The second try after an answer over the limit: the same request, told what went wrong. */
export function retryPrompt(first: ChatMessage[], answer: string, platform: Platform, length: number): ChatMessage[] {
  const rules = platformRules[platform];
  return [
    ...first,
    { role: 'assistant', content: answer },
    {
      role: 'user',
      content: `That was ${length} characters; ${rules.label} allows at most ${rules.maxCharacters}. Rewrite it shorter, within the limit, with ${rules.hashtags.min}-${rules.hashtags.max} hashtags.`,
    },
  ];
}

import { defineEventCodec, type EventsOf } from '@brandloom/runtime';
import { z } from 'zod';
import { platforms } from './platforms.js';

const at = z.iso.datetime();
const platformSetting = z.object({ enabled: z.boolean(), autoPost: z.boolean(), postTypes: z.array(z.string()) });

export const brandSettingsDataSchema = z.object({
  brandName: z.string(),
  storeDomain: z.string(),
  brandVoice: z.string(),
  defaultTone: z.string(),
  defaultHashtags: z.array(z.string()),
  autoGenerateHashtags: z.boolean(),
  aiAssistantName: z.string(),
  contentGuidelines: z.string(),
  defaultProductUrl: z.string(),
  useRandomProducts: z.boolean(),
  customInstructions: z.string(),
  platformSettings: z.object({
    twitter: platformSetting,
    instagram: platformSetting,
    tiktok: platformSetting,
    facebook: platformSetting,
  }),
});
export type BrandSettings = z.infer<typeof brandSettingsDataSchema>;

/** Everything the content service records. Internal; published events are in proto-events. */
export const contentEventSchemas = {
  'content.BrandSettingsSaved': z.object({ userId: z.uuid(), settings: brandSettingsDataSchema, at }),
  'content.PostCreated': z.object({
    postId: z.uuid(),
    userId: z.uuid(),
    platform: z.enum(platforms),
    content: z.string(),
    topic: z.string(),
    tone: z.string(),
    isAiGenerated: z.boolean(),
    includeHashtags: z.boolean(),
    createdAt: at,
  }),
  'content.PostApproved': z.object({ postId: z.uuid(), userId: z.uuid(), at }),
  'content.PostRejected': z.object({ postId: z.uuid(), userId: z.uuid(), at }),
  /** One AI generation and what it cost, counted against the month's plan limit. */
  'content.GenerationRecorded': z.object({
    userId: z.uuid(),
    month: z.string(),
    platform: z.enum(platforms),
    model: z.string(),
    promptTokens: z.number().int().min(0),
    completionTokens: z.number().int().min(0),
    totalTokens: z.number().int().min(0),
    attempts: z.number().int().min(1),
    at,
  }),
};

export const contentCodec = defineEventCodec(contentEventSchemas);
export type ContentEvent = EventsOf<typeof contentEventSchemas>;
export type ContentEventOf<Type extends ContentEvent['type']> = Extract<ContentEvent, { type: Type }>;

import { defineEventCodec, type EventsOf } from '@brandloom/runtime';
import { postStatuses, publishFailureClasses } from '@brandloom/proto-events';
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

/**
 * A post's whole state right after an event of its lifecycle: what `content.PostChanged`
 * publishes, carried by the event itself so the outbox can publish it one event at a time.
 */
export const postSnapshotSchema = z.object({
  platform: z.enum(platforms),
  content: z.string(),
  status: z.enum(postStatuses),
  autoPost: z.boolean(),
  scheduledTime: at.nullable(),
  postedTime: at.nullable(),
});
export type PostSnapshot = z.infer<typeof postSnapshotSchema>;

const postRef = { postId: z.uuid(), userId: z.uuid() };

/** Everything the content service records. Internal; published events are in proto-events. */
export const contentEventSchemas = {
  'content.BrandSettingsSaved': z.object({ userId: z.uuid(), settings: brandSettingsDataSchema, at }),
  /**
   * A new post, always pending. `autoPost` and `scheduledTime` arrived with scheduling; posts
   * recorded before them have neither (read as false and null). `slotId`: made for a slot of
   * the AI posting schedule.
   */
  'content.PostCreated': z.object({
    ...postRef,
    platform: z.enum(platforms),
    content: z.string(),
    topic: z.string(),
    tone: z.string(),
    isAiGenerated: z.boolean(),
    includeHashtags: z.boolean(),
    createdAt: at,
    autoPost: z.boolean().optional(),
    scheduledTime: at.nullable().optional(),
    slotId: z.string().optional(),
  }),
  /** `post`: the state after; absent on approvals and rejections recorded before scheduling. */
  'content.PostApproved': z.object({ ...postRef, at, post: postSnapshotSchema.optional() }),
  'content.PostRejected': z.object({ ...postRef, at, post: postSnapshotSchema.optional() }),
  /**
   * Recorded with every approval for the published `content.PostApproved` (ADR 0011), which
   * stays for its subscribers: a recorded event publishes one message, and the approval itself
   * publishes `content.PostChanged`.
   */
  'content.PostApprovalAnnounced': z.object({ ...postRef, at }),
  /** Scheduling put the approved post on its timers, due at `dueAt`. */
  'content.PostScheduled': z.object({
    ...postRef,
    dueAt: at,
    quotaWarning: z.string().nullable(),
    at,
    post: postSnapshotSchema,
  }),
  /** Publishing reported the post live on its platform. */
  'content.PostPosted': z.object({
    ...postRef,
    platformPostId: z.string(),
    platformUrl: z.string().nullable(),
    at,
    post: postSnapshotSchema,
  }),
  /** Publishing gave up on the post; `reason` is the platform's own words. */
  'content.PostFailed': z.object({
    ...postRef,
    failureClass: z.enum(publishFailureClasses),
    reason: z.string(),
    at,
    post: postSnapshotSchema,
  }),
  /** No post could be made for a platform at a slot of the AI posting schedule. */
  'content.SlotGenerationFailed': z.object({
    slotId: z.string(),
    userId: z.uuid(),
    platform: z.enum(platforms),
    reason: z.string(),
    at,
  }),
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
  /** Tokens the owner's AI spent on a draft that is not a post (guided onboarding): no post counted. */
  'content.DraftTokensRecorded': z.object({
    userId: z.uuid(),
    month: z.string(),
    purpose: z.enum(['brand-profile']),
    model: z.string(),
    promptTokens: z.number().int().min(0),
    completionTokens: z.number().int().min(0),
    totalTokens: z.number().int().min(0),
    at,
  }),
};

export const contentCodec = defineEventCodec(contentEventSchemas);
export type ContentEvent = EventsOf<typeof contentEventSchemas>;
export type ContentEventOf<Type extends ContentEvent['type']> = Extract<ContentEvent, { type: Type }>;

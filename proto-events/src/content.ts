import { z } from 'zod';
import { defineContext, defineEvent } from './registry.js';

export const postPlatforms = ['twitter', 'instagram', 'tiktok', 'facebook'] as const;
export type PostPlatform = (typeof postPlatforms)[number];

/** The platforms Brandloom publishes to itself; TikTok gets a content pack instead. */
export const publishablePlatforms = ['twitter', 'instagram', 'facebook'] as const;
export type PublishablePlatform = (typeof publishablePlatforms)[number];

export const postStatuses = ['pending', 'approved', 'rejected', 'scheduled', 'posted', 'failed'] as const;
export type PostStatus = (typeof postStatuses)[number];

/** An owner approved a post in Moderation: it may now be scheduled and published. */
export const postApprovedV1 = z.object({
  postId: z.uuid(),
  userId: z.uuid(),
  approvedAt: z.iso.datetime(),
});

export type PostApproved = z.infer<typeof postApprovedV1>;

export const PostApproved = defineEvent('content.PostApproved', postApprovedV1);

/**
 * A post's whole current state, published on every change of its lifecycle (created, approved,
 * rejected, scheduled, posted, failed). Whole state rather than a diff, so scheduling's queue and
 * timers stay right from the next event even if one was handled late.
 *
 * `autoPost`: the post is meant to go out by itself once approved (its platform's auto-post
 * switch was on when it was made, or it was scheduled on the Auto-Posting screen). Whether it
 * really does is scheduling's call (plan, auto-posting settings, account state).
 * `scheduledTime`: when it should go out; null means as soon as it is approved.
 */
export const postChangedV1 = z.object({
  postId: z.uuid(),
  userId: z.uuid(),
  platform: z.enum(postPlatforms),
  content: z.string(),
  status: z.enum(postStatuses),
  autoPost: z.boolean(),
  scheduledTime: z.iso.datetime().nullable(),
  postedTime: z.iso.datetime().nullable(),
  changedAt: z.iso.datetime(),
});

export type PostChanged = z.infer<typeof postChangedV1>;

export const PostChanged = defineEvent('content.PostChanged', postChangedV1);

/**
 * The AI posting scheduler asked for a post at a slot and none could be made for this platform
 * (no key, provider down, plan limit). Shown on the Schedule Queue; the scheduler goes on.
 */
export const slotGenerationFailedV1 = z.object({
  slotId: z.string().min(1),
  userId: z.uuid(),
  platform: z.enum(postPlatforms),
  reason: z.string(),
  failedAt: z.iso.datetime(),
});

export type SlotGenerationFailed = z.infer<typeof slotGenerationFailedV1>;

export const SlotGenerationFailed = defineEvent('content.SlotGenerationFailed', slotGenerationFailedV1);

/** What content publishes. */
export const contentEvents = defineContext('content', [PostApproved, PostChanged, SlotGenerationFailed]);

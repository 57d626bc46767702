import { z } from 'zod';
import { postPlatforms, publishablePlatforms } from './content.js';
import { defineContext, defineEvent } from './registry.js';

/**
 * A slot of the owner's AI posting schedule came due: content generates a post for each platform
 * the brand has enabled. `slotId` is stable for the owner and the slot time, so handling it
 * twice makes one post per platform.
 */
export const slotReachedV1 = z.object({
  slotId: z.string().min(1),
  userId: z.uuid(),
  slotTime: z.iso.datetime(),
  platforms: z.array(z.enum(postPlatforms)),
});

export type SlotReached = z.infer<typeof slotReachedV1>;

export const SlotReached = defineEvent('scheduling.SlotReached', slotReachedV1);

/** An approved auto-post has a due time on scheduling's durable timers; content shows it `scheduled`. */
export const postQueuedV1 = z.object({
  postId: z.uuid(),
  userId: z.uuid(),
  platform: z.enum(publishablePlatforms),
  dueAt: z.iso.datetime(),
  /** Set when the post's account is past a platform quota at dueAt: the owner is told now. */
  quotaWarning: z.string().nullable(),
  queuedAt: z.iso.datetime(),
});

export type PostQueued = z.infer<typeof postQueuedV1>;

export const PostQueued = defineEvent('scheduling.PostQueued', postQueuedV1);

/** A queued post's time came and it may go out: publishing publishes it, once. */
export const postDueV1 = z.object({
  postId: z.uuid(),
  userId: z.uuid(),
  platform: z.enum(publishablePlatforms),
  content: z.string(),
  dueAt: z.iso.datetime(),
  firedAt: z.iso.datetime(),
});

export type PostDue = z.infer<typeof postDueV1>;

export const PostDue = defineEvent('scheduling.PostDue', postDueV1);

/** What scheduling publishes. */
export const schedulingEvents = defineContext('scheduling', [SlotReached, PostQueued, PostDue]);

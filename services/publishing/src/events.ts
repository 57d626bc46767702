import {
  platformConnectionChangedV1,
  postPlatforms,
  postPublishedV1,
  publishablePlatforms,
  publishFailedV1,
} from '@brandloom/proto-events';
import { defineEventCodec, type EventsOf } from '@brandloom/runtime';
import { z } from 'zod';

const at = z.iso.datetime();

/**
 * Everything publishing records. `PostPublished`, `PublishFailed` and `PlatformConnectionChanged`
 * are recorded in their published shape and go out as they are; the rest stay inside.
 */
export const publishingEventSchemas = {
  /** A PostDue was taken in: this post is to be published (again, after a failure). */
  'publishing.PublicationRequested': z.object({
    postId: z.uuid(),
    userId: z.uuid(),
    platform: z.enum(publishablePlatforms),
    content: z.string(),
    dueAt: at,
    requestedAt: at,
  }),
  /** Recorded before the platform is called: an attempt with no outcome after it is a crash mid-call. */
  'publishing.PublishAttemptStarted': z.object({
    postId: z.uuid(),
    attempt: z.number().int().min(1),
    /** The platform was asked first and had no such post (after a crash or a call that may have gone through). */
    checkedAbsent: z.boolean(),
    at,
  }),
  'publishing.PostPublished': postPublishedV1,
  /** A try did not publish and another comes at `retryAt` (a durable due time, read back at start). */
  'publishing.PublishRetryScheduled': z.object({
    postId: z.uuid(),
    failureClass: z.enum(['rate_limited', 'transient']),
    reason: z.string(),
    retryAt: at,
    /** The failed call may have reached the platform: look for the post before trying again. */
    checkFirst: z.boolean(),
    at,
  }),
  'publishing.PublishFailed': publishFailedV1,
  'publishing.PlatformConnectionChanged': platformConnectionChangedV1,
  /** What a platform reported of an account's publishing quota (Instagram's content_publishing_limit). */
  'publishing.QuotaObserved': z.object({
    userId: z.uuid(),
    platform: z.enum(postPlatforms),
    used: z.number().int().min(0),
    limit: z.number().int().min(1),
    windowHours: z.number().int().min(1),
    at,
  }),
  /** A TikTok content pack went into the creator's drafts (TikTok's publish_id): it is not sent again. */
  'publishing.TikTokDraftUploaded': z.object({
    postId: z.uuid(),
    userId: z.uuid(),
    publishId: z.string().min(1),
    at,
  }),
};

export const publishingCodec = defineEventCodec(publishingEventSchemas);
export type PublishingEvent = EventsOf<typeof publishingEventSchemas>;
export type PublishingEventOf<Type extends PublishingEvent['type']> = Extract<PublishingEvent, { type: Type }>;

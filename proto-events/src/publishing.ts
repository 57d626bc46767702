import { z } from 'zod';
import { postPlatforms, publishablePlatforms } from './content.js';
import { defineContext, defineEvent } from './registry.js';

/** A post is live on its platform. */
export const postPublishedV1 = z.object({
  postId: z.uuid(),
  userId: z.uuid(),
  platform: z.enum(publishablePlatforms),
  platformPostId: z.string().min(1),
  url: z.url().nullable(),
  publishedAt: z.iso.datetime(),
});

export type PostPublished = z.infer<typeof postPublishedV1>;

export const PostPublished = defineEvent('publishing.PostPublished', postPublishedV1);

export const publishFailureClasses = [
  'invalid_content',
  'disconnected',
  'rate_limited',
  'transient',
  'unconfirmed',
] as const;
export type PublishFailureClass = (typeof publishFailureClasses)[number];

/**
 * A post will not go out without the owner: the platform refused it (`reason` is the platform's
 * own), the account is disconnected, retries ran out, or a call's outcome could not be confirmed.
 */
export const publishFailedV1 = z.object({
  postId: z.uuid(),
  userId: z.uuid(),
  platform: z.enum(publishablePlatforms),
  failureClass: z.enum(publishFailureClasses),
  reason: z.string(),
  failedAt: z.iso.datetime(),
});

export type PublishFailed = z.infer<typeof publishFailedV1>;

export const PublishFailed = defineEvent('publishing.PublishFailed', publishFailedV1);

/** A platform account became connected (credentials verified) or disconnected (token expired, revoked, removed). */
export const platformConnectionChangedV1 = z.object({
  userId: z.uuid(),
  platform: z.enum(postPlatforms),
  connected: z.boolean(),
  reason: z.string().nullable(),
  changedAt: z.iso.datetime(),
});

export type PlatformConnectionChanged = z.infer<typeof platformConnectionChangedV1>;

export const PlatformConnectionChanged = defineEvent(
  'publishing.PlatformConnectionChanged',
  platformConnectionChangedV1,
);

/** What publishing publishes. */
export const publishingEvents = defineContext('publishing', [PostPublished, PublishFailed, PlatformConnectionChanged]);

import { z } from 'zod';
import { defineContext, defineEvent } from './registry.js';

/** An owner approved a post in Moderation: it may now be scheduled and published. */
export const postApprovedV1 = z.object({
  postId: z.uuid(),
  userId: z.uuid(),
  approvedAt: z.iso.datetime(),
});

export type PostApproved = z.infer<typeof postApprovedV1>;

export const PostApproved = defineEvent('content.PostApproved', postApprovedV1);

/** What content publishes. */
export const contentEvents = defineContext('content', [PostApproved]);

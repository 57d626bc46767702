import { DomainError, type Decider } from '@brandloom/runtime';
import { z } from 'zod';
import type { ContentEventOf } from '../events.js';
import {
  characterCount,
  hashtagsIn,
  isPlatform,
  MIN_CONTENT_LENGTH,
  platformRules,
  platforms,
  type Platform,
} from '../platforms.js';

export const postStream = (postId: string): string => `post-${postId}`;

export type PostStatus = 'pending' | 'approved' | 'rejected' | 'posted' | 'scheduled';

export interface PostDraft {
  platform: Platform;
  content: string;
  topic: string;
  tone: string;
  isAiGenerated: boolean;
  includeHashtags: boolean;
}

/** The spec's create payload (§7); a new post is always pending review. */
const createPostSchema = z.object({
  platform: z.string({ error: 'Please select a platform' }).refine(isPlatform, 'Please select a platform'),
  content: z
    .string({ error: `Content must be at least ${MIN_CONTENT_LENGTH} characters` })
    .trim()
    .refine(
      (text) => characterCount(text) >= MIN_CONTENT_LENGTH,
      `Content must be at least ${MIN_CONTENT_LENGTH} characters`,
    ),
  status: z
    .string()
    .nullish()
    .refine((status) => status == null || status === 'pending', 'A new post is always pending review'),
  topic: z.string().trim().max(500, 'Topic must be at most 500 characters').nullish(),
  tone: z.string().trim().max(50, 'Tone must be at most 50 characters').nullish(),
  isAiGenerated: z.boolean().nullish(),
  includeHashtags: z.boolean().nullish(),
});

export function parsePostDraft(input: unknown): PostDraft {
  const parsed = createPostSchema.safeParse(input ?? {});
  if (!parsed.success) throw new DomainError(parsed.error.issues[0]!.message, 'BAD_USER_INPUT');
  const { platform, content, topic, tone, isAiGenerated, includeHashtags } = parsed.data;
  return {
    platform: platform as Platform,
    content,
    topic: topic ?? '',
    tone: tone ?? '',
    isAiGenerated: isAiGenerated ?? false,
    includeHashtags: includeHashtags ?? hashtagsIn(content).length > 0,
  };
}

/** A post over its platform's limits is refused, whoever wrote it (spec §9). */
export function checkPlatformLimits(platform: Platform, content: string): void {
  const rules = platformRules[platform];
  const length = characterCount(content);
  if (length > rules.maxCharacters) {
    throw new DomainError(
      `A ${rules.label} post can be at most ${rules.maxCharacters} characters; this one has ${length}`,
      'BAD_USER_INPUT',
    );
  }
  const tags = hashtagsIn(content).length;
  if (tags > rules.hashtags.max) {
    throw new DomainError(
      `A ${rules.label} post can have at most ${rules.hashtags.max} hashtags; this one has ${tags}`,
      'BAD_USER_INPUT',
    );
  }
}

export type PostState = { status: 'none' } | { status: PostStatus; postId: string; userId: string; platform: Platform };

export type PostCommand =
  | ({ type: 'CreatePost'; postId: string; userId: string; at: string } & PostDraft)
  | { type: 'ApprovePost'; userId: string; at: string }
  | { type: 'RejectPost'; userId: string; at: string };

type PostEvent = ContentEventOf<'content.PostCreated' | 'content.PostApproved' | 'content.PostRejected'>;

export const postNotFound = () => new DomainError('Post not found', 'NOT_FOUND');

/** A post's life (spec §4): created pending; only a pending post is approved or rejected. */
export const postDecider: Decider<PostCommand, PostEvent, PostState> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    if (command.type === 'CreatePost') {
      if (state.status !== 'none') throw new DomainError('This post already exists', 'CONFLICT');
      checkPlatformLimits(command.platform, command.content);
      const { type: _type, at, ...post } = command;
      return [{ type: 'content.PostCreated', data: { ...post, createdAt: at } }];
    }
    // Another owner's post does not exist as far as this owner can tell.
    if (state.status === 'none' || state.userId !== command.userId) throw postNotFound();
    const verb = command.type === 'ApprovePost' ? 'approved' : 'rejected';
    if (state.status !== 'pending') {
      throw new DomainError(`Only pending posts can be ${verb}; this post is ${state.status}`, 'CONFLICT');
    }
    const data = { postId: state.postId, userId: state.userId, at: command.at };
    return [
      command.type === 'ApprovePost' ? { type: 'content.PostApproved', data } : { type: 'content.PostRejected', data },
    ];
  },

  evolve(state, event) {
    switch (event.type) {
      case 'content.PostCreated':
        return {
          status: 'pending',
          postId: event.data.postId,
          userId: event.data.userId,
          platform: event.data.platform,
        };
      case 'content.PostApproved':
        return state.status === 'none' ? state : { ...state, status: 'approved' };
      case 'content.PostRejected':
        return state.status === 'none' ? state : { ...state, status: 'rejected' };
    }
  },
};

export { platforms };

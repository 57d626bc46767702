import { DomainError, type Decider } from '@brandloom/runtime';
import { z } from 'zod';
import type { PostStatus, PublishFailureClass } from '@brandloom/proto-events';
import type { ContentEventOf, PostSnapshot } from '../events.js';
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

export type { PostStatus };

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

/** A post as its stream knows it: who owns it and its whole current state. */
export type PostState = { status: 'none' } | ({ postId: string; userId: string } & PostSnapshot);

export type PostCommand =
  | ({
      type: 'CreatePost';
      postId: string;
      userId: string;
      at: string;
      /** Goes out by itself once approved (ADR 0013). */
      autoPost: boolean;
      scheduledTime: string | null;
      /** Approved at once: scheduled without review, or an AI slot post the owner lets go out. */
      approved: boolean;
      slotId?: string;
    } & PostDraft)
  | { type: 'ApprovePost'; userId: string; at: string }
  | { type: 'RejectPost'; userId: string; at: string }
  | { type: 'RecordQueued'; userId: string; dueAt: string; quotaWarning: string | null; at: string }
  | {
      type: 'RecordPublished';
      userId: string;
      platformPostId: string;
      platformUrl: string | null;
      publishedAt: string;
    }
  | { type: 'RecordPublishFailed'; userId: string; failureClass: PublishFailureClass; reason: string; at: string };

type PostEvent = ContentEventOf<
  | 'content.PostCreated'
  | 'content.PostApproved'
  | 'content.PostRejected'
  | 'content.PostApprovalAnnounced'
  | 'content.PostScheduled'
  | 'content.PostPosted'
  | 'content.PostFailed'
>;

export const postNotFound = () => new DomainError('Post not found', 'NOT_FOUND');

/** The state a new post starts in; posts recorded before scheduling had no autoPost nor time. */
export function snapshotOfCreated(created: ContentEventOf<'content.PostCreated'>['data']): PostSnapshot {
  return {
    platform: created.platform,
    content: created.content,
    status: 'pending',
    autoPost: created.autoPost ?? false,
    scheduledTime: created.scheduledTime ?? null,
    postedTime: null,
  };
}

/**
 * Which statuses a report from scheduling or publishing may move a post out of. Reports come
 * late and more than once; none moves a post backwards (a posted post stays posted, a failed one
 * is not queued again), and a post that went live after all is posted even if it had failed.
 */
const reportableFrom = {
  scheduled: ['approved'],
  posted: ['approved', 'scheduled', 'failed'],
  failed: ['approved', 'scheduled'],
} as const satisfies Record<string, readonly PostStatus[]>;

const mayBecome = (target: keyof typeof reportableFrom, status: PostStatus): boolean =>
  (reportableFrom[target] as readonly PostStatus[]).includes(status);

function decideCreate(command: Extract<PostCommand, { type: 'CreatePost' }>, state: PostState): PostEvent[] {
  if (state.status !== 'none') throw new DomainError('This post already exists', 'CONFLICT');
  checkPlatformLimits(command.platform, command.content);
  const { type: _type, at, approved, slotId, ...post } = command;
  const created: PostEvent = {
    type: 'content.PostCreated',
    data: { ...post, createdAt: at, ...(slotId === undefined ? {} : { slotId }) },
  };
  if (!approved) return [created];
  const pending = { postId: command.postId, userId: command.userId, ...snapshotOfCreated(created.data) };
  return [created, ...approval(pending, at)];
}

function approval(state: Extract<PostState, { status: PostStatus }>, at: string): PostEvent[] {
  const ref = { postId: state.postId, userId: state.userId, at };
  return [
    { type: 'content.PostApproved', data: { ...ref, post: { ...snapshotOf(state), status: 'approved' } } },
    { type: 'content.PostApprovalAnnounced', data: ref },
  ];
}

const snapshotOf = ({
  platform,
  content,
  status,
  autoPost,
  scheduledTime,
  postedTime,
}: PostSnapshot): PostSnapshot => ({
  platform,
  content,
  status,
  autoPost,
  scheduledTime,
  postedTime,
});

function decideReport(
  command: Extract<PostCommand, { type: 'RecordQueued' | 'RecordPublished' | 'RecordPublishFailed' }>,
  state: PostState,
): PostEvent[] {
  // A report on a post this owner does not have is not ours to act on.
  if (state.status === 'none' || state.userId !== command.userId) return [];
  const ref = { postId: state.postId, userId: state.userId };
  const current = snapshotOf(state);
  switch (command.type) {
    case 'RecordQueued':
      if (!mayBecome('scheduled', state.status)) return [];
      return [
        {
          type: 'content.PostScheduled',
          data: {
            ...ref,
            dueAt: command.dueAt,
            quotaWarning: command.quotaWarning,
            at: command.at,
            post: { ...current, status: 'scheduled' },
          },
        },
      ];
    case 'RecordPublished':
      if (!mayBecome('posted', state.status)) return [];
      return [
        {
          type: 'content.PostPosted',
          data: {
            ...ref,
            platformPostId: command.platformPostId,
            platformUrl: command.platformUrl,
            at: command.publishedAt,
            post: { ...current, status: 'posted', postedTime: command.publishedAt },
          },
        },
      ];
    case 'RecordPublishFailed':
      if (!mayBecome('failed', state.status)) return [];
      return [
        {
          type: 'content.PostFailed',
          data: {
            ...ref,
            failureClass: command.failureClass,
            reason: command.reason,
            at: command.at,
            post: { ...current, status: 'failed' },
          },
        },
      ];
  }
}

/**
 * A post's life (spec §4, ADR 0013): created pending (or approved at once); only a pending post
 * is approved or rejected by its owner; scheduling and publishing then report it scheduled,
 * posted or failed, and content alone writes it down.
 */
export const postDecider: Decider<PostCommand, PostEvent, PostState> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    switch (command.type) {
      case 'CreatePost':
        return decideCreate(command, state);
      case 'ApprovePost':
      case 'RejectPost': {
        // Another owner's post does not exist as far as this owner can tell.
        if (state.status === 'none' || state.userId !== command.userId) throw postNotFound();
        const verb = command.type === 'ApprovePost' ? 'approved' : 'rejected';
        if (state.status !== 'pending') {
          throw new DomainError(`Only pending posts can be ${verb}; this post is ${state.status}`, 'CONFLICT');
        }
        if (command.type === 'ApprovePost') return approval(state, command.at);
        const data = { postId: state.postId, userId: state.userId, at: command.at };
        return [
          { type: 'content.PostRejected', data: { ...data, post: { ...snapshotOf(state), status: 'rejected' } } },
        ];
      }
      case 'RecordQueued':
      case 'RecordPublished':
      case 'RecordPublishFailed':
        return decideReport(command, state);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'content.PostCreated':
        return { postId: event.data.postId, userId: event.data.userId, ...snapshotOfCreated(event.data) };
      case 'content.PostApprovalAnnounced':
        return state;
      case 'content.PostApproved':
      case 'content.PostRejected': {
        if (state.status === 'none') return state;
        // Recorded before scheduling: only the status changed.
        const status = event.type === 'content.PostApproved' ? 'approved' : 'rejected';
        return { ...state, ...(event.data.post ?? { status }) };
      }
      case 'content.PostScheduled':
      case 'content.PostPosted':
      case 'content.PostFailed':
        return state.status === 'none' ? state : { ...state, ...event.data.post };
    }
  },
};

export { platforms };

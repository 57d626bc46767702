import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@brandloom/runtime/testing';
import { parsePostDraft, postDecider, type PostCommand } from './post.js';

const spec = deciderSpec(postDecider);
const postId = '0c1f2a8e-5b7d-4c3a-9e21-7f6d5b4a3c2b';
const owner = '4b8f8a7e-9a4b-4d8e-8f43-0a5e0c9b1d21';
const stranger = '9d7a2c4e-1f3b-4e5d-8a6c-2b1e0f9d8c7a';
const at = '2026-11-25T10:00:00.000Z';
const later = '2026-11-25T12:00:00.000Z';
const slotTime = '2026-11-26T09:00:00.000Z';
const draft = {
  platform: 'twitter' as const,
  content: 'Fresh bread every morning #bakery #local',
  topic: 'bread',
  tone: 'friendly',
  isAiGenerated: true,
  includeHashtags: true,
};
const create: PostCommand = {
  type: 'CreatePost',
  postId,
  userId: owner,
  at,
  ...draft,
  autoPost: true,
  scheduledTime: slotTime,
  approved: false,
};
const ref = { postId, userId: owner };
const created = {
  type: 'content.PostCreated' as const,
  data: { ...ref, ...draft, createdAt: at, autoPost: true, scheduledTime: slotTime },
};
const snapshot = {
  platform: 'twitter' as const,
  content: draft.content,
  autoPost: true,
  scheduledTime: slotTime,
  postedTime: null,
};
const approved = {
  type: 'content.PostApproved' as const,
  data: { ...ref, at, post: { ...snapshot, status: 'approved' as const } },
};
const announced = { type: 'content.PostApprovalAnnounced' as const, data: { ...ref, at } };
const rejected = {
  type: 'content.PostRejected' as const,
  data: { ...ref, at, post: { ...snapshot, status: 'rejected' as const } },
};
const queue = { type: 'RecordQueued' as const, userId: owner, dueAt: slotTime, quotaWarning: null, at: later };
const scheduled = {
  type: 'content.PostScheduled' as const,
  data: { ...ref, dueAt: slotTime, quotaWarning: null, at: later, post: { ...snapshot, status: 'scheduled' as const } },
};
const publish = {
  type: 'RecordPublished' as const,
  userId: owner,
  platformPostId: '1790',
  platformUrl: 'https://x.com/shop/status/1790',
  publishedAt: slotTime,
};
const posted = {
  type: 'content.PostPosted' as const,
  data: {
    ...ref,
    platformPostId: '1790',
    platformUrl: 'https://x.com/shop/status/1790',
    at: slotTime,
    post: { ...snapshot, status: 'posted' as const, postedTime: slotTime },
  },
};
const fail = {
  type: 'RecordPublishFailed' as const,
  userId: owner,
  failureClass: 'invalid_content' as const,
  reason: 'Status is a duplicate.',
  at: slotTime,
};
const failed = {
  type: 'content.PostFailed' as const,
  data: {
    ...ref,
    failureClass: 'invalid_content' as const,
    reason: 'Status is a duplicate.',
    at: slotTime,
    post: { ...snapshot, status: 'failed' as const },
  },
};

describe('a new post', () => {
  it('is created pending, with its autoPost and time', () => {
    spec.given([]).when(create).then([created]);
  });

  it('is approved at once when it needs no review, carrying its whole state', () => {
    spec
      .given([])
      .when({ ...create, approved: true })
      .then([created, approved, announced]);
  });

  it('is refused over its platform character limit, or with too many hashtags', () => {
    spec
      .given([])
      .when({ ...create, content: 'x'.repeat(281) })
      .thenThrows(/at most 280 characters; this one has 281/);
    spec
      .given([])
      .when({ ...create, content: 'Sale now #a #b #c #d #e' })
      .thenThrows(/at most 4 hashtags/);
  });
});

describe('a pending post', () => {
  it('is approved keeping its autoPost and time, and the approval is announced too', () => {
    spec.given([created]).when({ type: 'ApprovePost', userId: owner, at }).then([approved, announced]);
  });

  it('is rejected', () => {
    spec.given([created]).when({ type: 'RejectPost', userId: owner, at }).then([rejected]);
  });

  it('is never scheduled, posted or failed by a report: it was not approved', () => {
    spec.given([created]).when(queue).thenNothingHappened();
    spec.given([created]).when(publish).thenNothingHappened();
    spec.given([created]).when(fail).thenNothingHappened();
  });

  it('does not exist for another owner, nor when it was never created', () => {
    spec
      .given([created])
      .when({ type: 'ApprovePost', userId: stranger, at })
      .thenThrows(/Post not found/);
    spec
      .given([])
      .when({ type: 'RejectPost', userId: owner, at })
      .thenThrows(/Post not found/);
    spec
      .given([created])
      .when({ ...queue, userId: stranger })
      .thenNothingHappened();
    spec.given([]).when(publish).thenNothingHappened();
    spec
      .given([created, approved, announced])
      .when({ ...publish, userId: stranger })
      .thenNothingHappened();
  });
});

describe('a decided post', () => {
  it('is decided only once: anything but pending is a conflict', () => {
    spec
      .given([created, approved, announced])
      .when({ type: 'RejectPost', userId: owner, at })
      .thenThrows(/Only pending posts can be rejected; this post is approved/);
    spec
      .given([created, rejected])
      .when({ type: 'ApprovePost', userId: owner, at })
      .thenThrows(/Only pending posts can be approved; this post is rejected/);
    spec
      .given([created, approved, announced, scheduled])
      .when({ type: 'ApprovePost', userId: owner, at })
      .thenThrows(/this post is scheduled/);
  });

  it('is scheduled once queued, and queued again changes nothing', () => {
    spec.given([created, approved, announced]).when(queue).then([scheduled]);
    spec.given([created, approved, announced, scheduled]).when(queue).thenNothingHappened();
  });

  it('is posted with its time and link once published, from approved or scheduled', () => {
    spec.given([created, approved, announced, scheduled]).when(publish).then([posted]);
    spec.given([created, approved, announced]).when(publish).then([posted]);
  });

  it('fails with the platform’s reason', () => {
    spec.given([created, approved, announced, scheduled]).when(fail).then([failed]);
  });

  it('never moves backwards: a posted post stays posted, a failed one is not queued again', () => {
    const live = [created, approved, announced, scheduled, posted];
    spec.given(live).when(fail).thenNothingHappened();
    spec.given(live).when(queue).thenNothingHappened();
    spec.given(live).when(publish).thenNothingHappened();
    spec.given([created, approved, announced, scheduled, failed]).when(queue).thenNothingHappened();
    spec.given([created, approved, announced, scheduled, failed]).when(fail).thenNothingHappened();
    spec.given([created, rejected]).when(publish).thenNothingHappened();
  });

  it('that failed is posted when it went live after all', () => {
    spec.given([created, approved, announced, scheduled, failed]).when(publish).then([posted]);
  });
});

describe('a post recorded before scheduling', () => {
  it('reads as no autoPost and no time, and goes on from its status', () => {
    const legacyCreated = { type: 'content.PostCreated' as const, data: { ...ref, ...draft, createdAt: at } };
    const legacyApproved = { type: 'content.PostApproved' as const, data: { ...ref, at } };
    spec
      .given([legacyCreated, legacyApproved])
      .when(queue)
      .then([
        {
          type: 'content.PostScheduled',
          data: {
            ...scheduled.data,
            post: { ...snapshot, autoPost: false, scheduledTime: null, status: 'scheduled' },
          },
        },
      ]);
  });
});

describe('the create payload', () => {
  it('needs a platform and at least 10 characters, and is always pending', () => {
    expect(() => parsePostDraft({ ...draft, platform: 'myspace' })).toThrow('Please select a platform');
    expect(() => parsePostDraft({ ...draft, content: 'too short' })).toThrow('Content must be at least 10 characters');
    expect(() => parsePostDraft({ ...draft, status: 'approved' })).toThrow('A new post is always pending review');
    expect(parsePostDraft({ ...draft, status: 'pending' })).toEqual(draft);
  });
});

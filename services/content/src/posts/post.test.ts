import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@brandloom/runtime/testing';
import { parsePostDraft, postDecider } from './post.js';

const spec = deciderSpec(postDecider);
const postId = '0c1f2a8e-5b7d-4c3a-9e21-7f6d5b4a3c2b';
const owner = '4b8f8a7e-9a4b-4d8e-8f43-0a5e0c9b1d21';
const stranger = '9d7a2c4e-1f3b-4e5d-8a6c-2b1e0f9d8c7a';
const at = '2026-11-25T10:00:00.000Z';
const draft = {
  platform: 'twitter' as const,
  content: 'Fresh bread every morning #bakery #local',
  topic: 'bread',
  tone: 'friendly',
  isAiGenerated: true,
  includeHashtags: true,
};
const created = { type: 'content.PostCreated' as const, data: { postId, userId: owner, ...draft, createdAt: at } };
const approved = { type: 'content.PostApproved' as const, data: { postId, userId: owner, at } };
const rejected = { type: 'content.PostRejected' as const, data: { postId, userId: owner, at } };

describe('a post', () => {
  it('is created pending', () => {
    spec
      .given([])
      .when({ type: 'CreatePost', postId, userId: owner, at, ...draft })
      .then([created]);
  });

  it('is refused over its platform character limit, or with too many hashtags', () => {
    spec
      .given([])
      .when({ type: 'CreatePost', postId, userId: owner, at, ...draft, content: 'x'.repeat(281) })
      .thenThrows(/at most 280 characters; this one has 281/);
    spec
      .given([])
      .when({ type: 'CreatePost', postId, userId: owner, at, ...draft, content: 'Sale now #a #b #c #d #e' })
      .thenThrows(/at most 4 hashtags/);
  });

  it('is approved or rejected while pending', () => {
    spec.given([created]).when({ type: 'ApprovePost', userId: owner, at }).then([approved]);
    spec.given([created]).when({ type: 'RejectPost', userId: owner, at }).then([rejected]);
  });

  it('is decided only once: anything but pending is a conflict', () => {
    spec
      .given([created, approved])
      .when({ type: 'RejectPost', userId: owner, at })
      .thenThrows(/Only pending posts can be rejected; this post is approved/);
    spec
      .given([created, rejected])
      .when({ type: 'ApprovePost', userId: owner, at })
      .thenThrows(/Only pending posts can be approved; this post is rejected/);
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

import { describe, it } from 'vitest';
import { deciderSpec } from '@brandloom/runtime/testing';
import { connectionDecider } from './connection.js';

const spec = deciderSpec(connectionDecider);
const userId = '4b8f8a7e-9a4b-4d8e-8f43-0a5e0c9b1d21';
const at = '2026-11-26T09:00:00.000Z';
const changed = (connected: boolean, reason: string | null) => ({
  type: 'publishing.PlatformConnectionChanged' as const,
  data: { userId, platform: 'twitter' as const, connected, reason, changedAt: at },
});
const authFailure = { type: 'RecordAuthFailure' as const, userId, platform: 'twitter' as const, reason: 'expired', at };
const publishedPost = { type: 'RecordPublished' as const, userId, platform: 'twitter' as const, at };

describe('an account on a platform', () => {
  it('records every passed test as a verification', () => {
    spec
      .given([changed(true, null)])
      .when({ type: 'RecordVerified', userId, platform: 'twitter', at })
      .then([changed(true, null)]);
  });

  it('is disconnected once, however many posts find the token expired', () => {
    spec
      .given([changed(true, null)])
      .when(authFailure)
      .then([changed(false, 'expired')]);
    spec
      .given([changed(true, null), changed(false, 'expired')])
      .when(authFailure)
      .thenNothingHappened();
  });

  it('is connected again by a post that goes out, and says nothing when it already was', () => {
    spec
      .given([changed(false, 'expired')])
      .when(publishedPost)
      .then([changed(true, null)]);
    spec.given([]).when(publishedPost).thenNothingHappened();
  });
});

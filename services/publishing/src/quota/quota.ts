import type { PostPlatform } from '@brandloom/proto-events';
import type { Decider } from '@brandloom/runtime';
import type { PublishingEventOf } from '../events.js';

export const quotaStream = (userId: string, platform: PostPlatform): string => `quota-${userId}-${platform}`;

type QuotaObserved = PublishingEventOf<'publishing.QuotaObserved'>;
export type QuotaState = { limit: number; windowHours: number } | null;
export type QuotaCommand = { type: 'ObserveQuota'; data: QuotaObserved['data'] };

/** A platform's reported limit is recorded when it changes; usage is counted from publications. */
export const quotaDecider: Decider<QuotaCommand, QuotaObserved, QuotaState> = {
  initialState: () => null,
  decide({ data }, state) {
    if (state && state.limit === data.limit && state.windowHours === data.windowHours) return [];
    return [{ type: 'publishing.QuotaObserved', data }];
  },
  evolve: (_state, event) => ({ limit: event.data.limit, windowHours: event.data.windowHours }),
};

export interface QuotaAnswer {
  platform: PostPlatform;
  used: number;
  limit: number | null;
  windowHours: number;
  warning: string | null;
}

/**
 * The owner's quota around a time: `used` counts posts published or due in the window before
 * it; the warning is given when the limit is reached, so scheduling can tell the owner then.
 */
export function quotaAt(
  platform: PostPlatform,
  label: string,
  used: number,
  limit: number | null,
  windowHours: number,
): QuotaAnswer {
  const reached = limit !== null && used >= limit;
  return {
    platform,
    used,
    limit,
    windowHours,
    warning: reached
      ? `${label} allows ${limit} posts in ${windowHours} hours for this account and ${used} are already published or due in that window: this post may be refused until the window moves on.`
      : null,
  };
}

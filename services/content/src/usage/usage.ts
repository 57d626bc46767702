import type { Decider } from '@brandloom/runtime';
import type { ContentEventOf } from '../events.js';
import type { Platform } from '../platforms.js';
import { assertWithinAllowance, type PostAllowance } from '../plans/plan-limits.js';

/** The plan's month of `at`, in UTC, as `2026-11` (read on every current-user request: no ISO string built). */
export const monthOf = (at: Date): string => `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
export const usageStream = (userId: string, month: string): string => `usage-${userId}-${month}`;

export interface UsageState {
  generations: number;
  tokens: number;
}

interface TokensSpent {
  userId: string;
  month: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  at: string;
}

export type UsageCommand =
  | ({ type: 'RecordGeneration'; allowance: PostAllowance; platform: Platform; attempts: number } & TokensSpent)
  | ({ type: 'RecordDraftTokens'; purpose: 'brand-profile' } & TokensSpent);

type UsageEvent = ContentEventOf<'content.GenerationRecorded' | 'content.DraftTokensRecorded'>;

/**
 * One owner's AI use in one month: each generation is counted against the plan's allowance, so
 * one over it is refused here too, however many ran at once; a draft that is not a post (guided
 * onboarding's brand profile) adds its tokens and counts no post.
 */
export const usageDecider: Decider<UsageCommand, UsageEvent, UsageState> = {
  initialState: () => ({ generations: 0, tokens: 0 }),
  decide(command, state) {
    const totalTokens = command.promptTokens + command.completionTokens;
    if (command.type === 'RecordDraftTokens') {
      const { type: _type, ...recorded } = command;
      return [{ type: 'content.DraftTokensRecorded', data: { ...recorded, totalTokens } }];
    }
    assertWithinAllowance(command.allowance, state.generations);
    const { type: _type, allowance: _allowance, ...recorded } = command;
    return [{ type: 'content.GenerationRecorded', data: { ...recorded, totalTokens } }];
  },
  evolve: (state, event) => ({
    generations: state.generations + (event.type === 'content.GenerationRecorded' ? 1 : 0),
    tokens: state.tokens + event.data.totalTokens,
  }),
};

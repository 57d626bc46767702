import type { Decider } from '@brandloom/runtime';
import type { ContentEventOf } from '../events.js';
import type { Platform } from '../platforms.js';
import { assertWithinAllowance, type PostAllowance } from '../plans/plan-limits.js';

/** `2026-11`: the plan's month, in UTC. */
/** The UTC month of `at`, as `YYYY-MM` (read on every current-user request: no ISO string built). */
export const monthOf = (at: Date): string => `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
export const usageStream = (userId: string, month: string): string => `usage-${userId}-${month}`;

export interface UsageState {
  generations: number;
  tokens: number;
}

export type UsageCommand = {
  type: 'RecordGeneration';
  userId: string;
  month: string;
  allowance: PostAllowance;
  platform: Platform;
  model: string;
  promptTokens: number;
  completionTokens: number;
  attempts: number;
  at: string;
};

type GenerationRecorded = ContentEventOf<'content.GenerationRecorded'>;

/**
 * One owner's AI generations in one month: each is counted against the plan's allowance, so a
 * generation over it is refused here too, however many ran at once.
 */
export const usageDecider: Decider<UsageCommand, GenerationRecorded, UsageState> = {
  initialState: () => ({ generations: 0, tokens: 0 }),
  decide(command, state) {
    assertWithinAllowance(command.allowance, state.generations);
    const { type: _type, allowance: _allowance, ...recorded } = command;
    return [
      {
        type: 'content.GenerationRecorded',
        data: { ...recorded, totalTokens: command.promptTokens + command.completionTokens },
      },
    ];
  },
  evolve: (state, event) => ({
    generations: state.generations + 1,
    tokens: state.tokens + event.data.totalTokens,
  }),
};

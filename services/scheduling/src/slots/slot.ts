import { postPlatforms } from '@brandloom/proto-events';
import type { Decider } from '@brandloom/runtime';
import type { SchedulingEventOf } from '../events.js';

/** Stable for the owner and the slot's instant: whoever records it, and however often, it is one slot. */
export const slotIdOf = (userId: string, slotTime: Date): string => `${userId}@${slotTime.toISOString()}`;
export const slotStream = (slotId: string): string => `slot-${slotId}`;

export type SlotCommand = { type: 'ReachSlot'; userId: string; slotTime: string };
type SlotEvent = SchedulingEventOf<'scheduling.SlotReached'>;

/**
 * A slot of the AI scheduler, reached once. `platforms` lists all four: scheduling does not
 * know the brand, so content makes a post for each of these its brand has enabled.
 */
export const slotDecider: Decider<SlotCommand, SlotEvent, { reached: boolean }> = {
  initialState: () => ({ reached: false }),
  decide(command, state) {
    if (state.reached) return [];
    const slotId = slotIdOf(command.userId, new Date(command.slotTime));
    return [
      {
        type: 'scheduling.SlotReached',
        data: { slotId, userId: command.userId, slotTime: command.slotTime, platforms: [...postPlatforms] },
      },
    ];
  },
  evolve: () => ({ reached: true }),
};

import { uuidV5, type Decider } from '@brandloom/runtime';
import type { BrandSettings, ContentEventOf } from '../events.js';
import { defaultBrandSettings } from '../brand/brand-settings.js';
import { platforms, type Platform } from '../platforms.js';

/**
 * The one post a slot of the AI posting schedule makes for a platform. Derived from the slot,
 * so handling the same `SlotReached` twice finds the post it already made.
 */
export const slotPostId = (userId: string, slotId: string, platform: Platform): string =>
  uuidV5(`slot-post/${userId}/${slotId}/${platform}`);

/** Where a slot's outcome for one platform is recorded when no post could be made. */
export const slotStream = (userId: string, slotId: string, platform: Platform): string =>
  `slot-${uuidV5(`slot/${userId}/${slotId}/${platform}`)}`;

/** The brand's enabled platforms, narrowed to those the slot names when it names any. */
export function slotPlatforms(brand: BrandSettings | null, asked: readonly Platform[]): Platform[] {
  const settings = (brand ?? defaultBrandSettings).platformSettings;
  return platforms.filter((platform) => settings[platform].enabled && (asked.length === 0 || asked.includes(platform)));
}

/**
 * A slot post goes out by itself only when its platform's auto-post switch is on and the plan
 * includes auto-posting; otherwise it waits for the owner's review. `autoPost` follows the
 * switch either way, as for any AI post (ADR 0013), so approving it later lets it go out.
 */
export function slotPostTerms(
  brand: BrandSettings | null,
  platform: Platform,
  planAllowsAutoPosting: boolean,
): { autoPost: boolean; approved: boolean } {
  const autoPost = (brand ?? defaultBrandSettings).platformSettings[platform].autoPost;
  return { autoPost, approved: autoPost && planAllowsAutoPosting };
}

/**
 * What a slot post is about. The schedule's own topics stay in scheduling (`SlotReached` does
 * not carry them), so the topic rotates through everyday themes of a small shop, one per hour
 * of the slot time, and the brand's voice, guidelines and instructions (in the prompt) do the
 * rest; the default product link is offered when the owner set one.
 */
export function slotTopic(brand: BrandSettings | null, slotTime: string): string {
  const name = brand?.brandName || 'our shop';
  const themes = [
    `a product customers love at ${name}`,
    `a practical tip from ${name} for our customers`,
    `behind the scenes at ${name}`,
    `what makes ${name} different`,
    `a question for the ${name} community`,
    `something new or seasonal at ${name}`,
  ];
  const hour = Math.floor(Date.parse(slotTime) / 3_600_000);
  const theme = themes[((hour % themes.length) + themes.length) % themes.length]!;
  return brand?.defaultProductUrl ? `${theme} (link: ${brand.defaultProductUrl})` : theme;
}

export type SlotCommand = {
  type: 'RecordSlotFailure';
  slotId: string;
  userId: string;
  platform: Platform;
  reason: string;
  at: string;
};
type SlotEvent = ContentEventOf<'content.SlotGenerationFailed'>;

/** A slot's failure for a platform, recorded once however often the slot is handled. */
export const slotDecider: Decider<SlotCommand, SlotEvent, { failed: boolean }> = {
  initialState: () => ({ failed: false }),
  decide: (command, state) => {
    if (state.failed) return [];
    const { type: _type, ...failure } = command;
    return [{ type: 'content.SlotGenerationFailed', data: failure }];
  },
  evolve: () => ({ failed: true }),
};

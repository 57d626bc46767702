// The .js extension lets this decider load in Node, where it is unit-tested.
import { autoPostPlatformKeys } from '../../lib/platforms.js';

export interface PlatformSwitches {
  enabled: boolean;
  autoPost: boolean;
}

const autoPostable = (platform: string) => (autoPostPlatformKeys as readonly string[]).includes(platform);

/**
 * Whether an approved post on this platform goes out by itself: the plan has auto-posting
 * (Professional and above), the platform can be published to (not TikTok), and the brand has
 * the platform enabled with its auto-post switch on (spec §4 "Per platform auto-post").
 */
export function platformAutoPosts(
  platform: string,
  switches: PlatformSwitches | undefined,
  planAllows: boolean,
): boolean {
  return planAllows && autoPostable(platform) && (switches?.enabled ?? false) && (switches?.autoPost ?? false);
}

/**
 * A pending post's note: it also goes out by itself when it was made to (scheduled on
 * Auto-Posting, or generated while its platform's auto-post was on), as long as the plan allows.
 */
export function postAutoPosts(
  post: { platform: string; autoPost: boolean },
  switches: PlatformSwitches | undefined,
  planAllows: boolean,
): boolean {
  return (
    platformAutoPosts(post.platform, switches, planAllows) ||
    (planAllows && autoPostable(post.platform) && post.autoPost)
  );
}

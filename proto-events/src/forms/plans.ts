/**
 * What each plan allows beyond its post limit, shared by the services that enforce it (content
 * for scheduled posts, scheduling for auto-posting) and the web app that explains it, so all
 * three name the same plan in the same words.
 */
export const autoPostingTiers = ['professional', 'enterprise', 'agency'] as const;
export type AutoPostingTier = (typeof autoPostingTiers)[number];

/** Refusal of anything auto-posting to a trial or a Starter plan (403). */
export const AUTO_POSTING_PLAN_REQUIRED =
  'Auto-posting needs the Professional plan or above. Upgrade on Plans & Pricing.';

/** Whether a paid tier includes auto-posting; the trial (no tier) does not. */
export const tierAllowsAutoPosting = (tier: string | null | undefined): boolean =>
  autoPostingTiers.includes(tier as AutoPostingTier);

/** Quick Setup's three steps, in order. */
export const quickSetupSteps = [
  { key: 'brand', title: 'Brand basics' },
  { key: 'ai-key', title: 'Your AI key' },
  { key: 'first-post', title: 'First post' },
] as const;

export type QuickSetupStepKey = (typeof quickSetupSteps)[number]['key'];

/** What is saved, as the server reports it; Quick Setup keeps no progress record of its own. */
export interface SavedProgress {
  brandSettingsSaved: boolean;
  /** The saved AI key as the vault shows it: masked, or empty when none. */
  openaiApiKey: string | null | undefined;
  postsCreated: number;
}

export function completedSteps(saved: SavedProgress): Record<QuickSetupStepKey, boolean> {
  return {
    brand: saved.brandSettingsSaved,
    'ai-key': Boolean(saved.openaiApiKey),
    'first-post': saved.postsCreated > 0,
  };
}

/**
 * Where the owner resumes: the first step not yet saved, in order (a key saved in API Settings
 * before the brand still leaves the brand to do), or done.
 */
export function resumeStep(saved: SavedProgress): QuickSetupStepKey | 'done' {
  const done = completedSteps(saved);
  return quickSetupSteps.find((step) => !done[step.key])?.key ?? 'done';
}

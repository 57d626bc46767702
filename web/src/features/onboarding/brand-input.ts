import type { BrandSettingsFieldsFragment, BrandSettingsInput } from '../../gql/graphql.js';

export type SavedBrand = BrandSettingsFieldsFragment;
type PlatformKey = keyof SavedBrand['platformSettings'];

/** The fields an onboarding step may change; everything else is saved back as it was. */
export type BrandChanges = Partial<
  Pick<SavedBrand, 'brandName' | 'brandVoice' | 'defaultTone' | 'contentGuidelines' | 'defaultHashtags'>
>;

/**
 * The saved brand with a step's changes, as Brand Settings' input: the server takes the whole
 * record, and reads carry Apollo's `__typename`, which an input must not.
 */
export function brandInput(saved: SavedBrand, changes: BrandChanges): BrandSettingsInput {
  const next = { ...saved, ...changes };
  const platform = (key: PlatformKey) => {
    const { enabled, autoPost, postTypes } = saved.platformSettings[key];
    return { enabled, autoPost, postTypes };
  };
  return {
    brandName: next.brandName,
    storeDomain: next.storeDomain,
    brandVoice: next.brandVoice,
    defaultTone: next.defaultTone,
    defaultHashtags: next.defaultHashtags,
    autoGenerateHashtags: next.autoGenerateHashtags,
    aiAssistantName: next.aiAssistantName,
    contentGuidelines: next.contentGuidelines,
    defaultProductUrl: next.defaultProductUrl,
    useRandomProducts: next.useRandomProducts,
    customInstructions: next.customInstructions,
    platformSettings: {
      twitter: platform('twitter'),
      instagram: platform('instagram'),
      tiktok: platform('tiktok'),
      facebook: platform('facebook'),
    },
  };
}

import { graphql } from '../../gql';

// Brand, key and schedule documents are those of Brand Settings, API Settings and the Schedule
// Queue (features/brand-settings, api-settings, schedule-queue): the guided routes save exactly
// what those screens save.

export const QUICK_SETUP_QUERY = graphql(`
  query QuickSetup {
    onboardingProgress {
      brandSettingsSaved
      postsCreated
    }
    apiKeys {
      openaiApiKey
      openaiBaseUrl
    }
    brandSettings {
      ...BrandSettingsFields
    }
  }
`);

export const GENERATE_FIRST_POST_MUTATION = graphql(`
  mutation GenerateFirstPost($input: GenerateContentInput!) {
    generateContent(input: $input) {
      content
      hashtags
      platform
    }
  }
`);

export const SEND_TO_MODERATION_MUTATION = graphql(`
  mutation SendFirstPostToModeration($input: CreatePostInput!) {
    createPost(input: $input) {
      id
      status
    }
  }
`);

export const SMART_ONBOARDING_QUERY = graphql(`
  query SmartOnboarding {
    onboardingProgress {
      brandSettingsSaved
    }
    apiKeys {
      openaiApiKey
    }
    brandSettings {
      ...BrandSettingsFields
    }
  }
`);

export const DRAFT_BRAND_PROFILE_MUTATION = graphql(`
  mutation DraftBrandProfileScreen($input: DraftBrandProfileInput!) {
    draftBrandProfile(input: $input) {
      brandVoice
      contentGuidelines
      defaultHashtags
      postingTimes
    }
  }
`);

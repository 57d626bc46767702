import { graphql } from '../../gql';

/** Everything a saved brand carries: an onboarding step changes a few fields and saves the rest as they were. */
export const ONBOARDING_BRAND_FRAGMENT = graphql(`
  fragment OnboardingBrand on BrandSettings {
    brandName
    storeDomain
    brandVoice
    defaultTone
    defaultHashtags
    autoGenerateHashtags
    aiAssistantName
    contentGuidelines
    defaultProductUrl
    useRandomProducts
    customInstructions
    platformSettings {
      twitter {
        enabled
        autoPost
        postTypes
      }
      instagram {
        enabled
        autoPost
        postTypes
      }
      tiktok {
        enabled
        autoPost
        postTypes
      }
      facebook {
        enabled
        autoPost
        postTypes
      }
    }
  }
`);

export const SAVE_ONBOARDING_BRAND_MUTATION = graphql(`
  mutation SaveOnboardingBrand($input: BrandSettingsInput!) {
    saveBrandSettings(input: $input) {
      ...OnboardingBrand
    }
  }
`);

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
      ...OnboardingBrand
    }
  }
`);

export const TEST_AI_KEY_MUTATION = graphql(`
  mutation TestOnboardingAiKey($input: ConnectionTestInput!) {
    testConnection(platform: "openai", input: $input) {
      message
    }
  }
`);

/** Saves one provider's fields only: the vault keeps every field left out. */
export const SAVE_PROVIDER_KEYS_MUTATION = graphql(`
  mutation SaveOnboardingKeys($input: ApiKeysInput!) {
    saveApiKeys(input: $input) {
      ...OnboardingKeys
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

export const API_SETUP_QUERY = graphql(`
  query ApiSetup {
    apiKeys {
      ...OnboardingKeys
    }
  }
  fragment OnboardingKeys on ApiKeys {
    openaiApiKey
    openaiBaseUrl
    twitterApiKey
    twitterApiSecret
    twitterAccessToken
    twitterAccessTokenSecret
    twitterBearerToken
    instagramAccessToken
    instagramPageId
    instagramAppId
    instagramAppSecret
    tiktokAccessToken
    tiktokAppId
    facebookAccessToken
    facebookPageId
    facebookAppId
    facebookAppSecret
  }
`);

/** Asked apart from the keys, so the page works while publishing cannot answer. */
export const PLATFORM_STATUS_QUERY = graphql(`
  query ApiSetupPlatformStatus {
    platformStatus {
      twitter {
        connected
        reason
      }
      instagram {
        connected
        reason
      }
      tiktok {
        connected
        reason
      }
      facebook {
        connected
        reason
      }
    }
  }
`);

export const TEST_PLATFORM_MUTATION = graphql(`
  mutation TestOnboardingPlatform($platform: String!, $input: PlatformCredentialsInput!) {
    testPlatformConnection(platform: $platform, input: $input) {
      success
      message
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
      ...OnboardingBrand
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

export const ONBOARDING_SCHEDULE_QUERY = graphql(`
  query OnboardingSchedule {
    scheduleSettings {
      aiPostingEnabled
      postsPerDay
      postingFrequency
      peakHours
      timezone
      weekdaysOnly
      postEveryDay
      selectedDays
      selectedDates
      contentTopics
    }
  }
`);

export const SAVE_POSTING_TIMES_MUTATION = graphql(`
  mutation SaveOnboardingPostingTimes($input: ScheduleSettingsInput!) {
    saveScheduleSettings(input: $input) {
      peakHours
    }
  }
`);

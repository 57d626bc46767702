import { graphql } from '../../gql';

export const BRAND_SETTINGS_QUERY = graphql(`
  query BrandSettingsScreen {
    brandSettings {
      ...BrandSettingsFields
    }
  }
  fragment BrandSettingsFields on BrandSettings {
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

export const SAVE_BRAND_SETTINGS_MUTATION = graphql(`
  mutation SaveBrandSettingsScreen($input: BrandSettingsInput!) {
    saveBrandSettings(input: $input) {
      ...BrandSettingsFields
    }
  }
`);

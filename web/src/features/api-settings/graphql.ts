import { graphql } from '../../gql';

export const API_KEYS_QUERY = graphql(`
  query ApiKeysScreen {
    apiKeys {
      ...ApiKeysFields
    }
  }
  fragment ApiKeysFields on ApiKeys {
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

export const SAVE_API_KEYS_MUTATION = graphql(`
  mutation SaveApiKeysScreen($input: ApiKeysInput!) {
    saveApiKeys(input: $input) {
      ...ApiKeysFields
    }
  }
`);

export const TEST_CONNECTION_MUTATION = graphql(`
  mutation TestConnectionScreen($platform: String!, $input: ConnectionTestInput!) {
    testConnection(platform: $platform, input: $input) {
      message
    }
  }
`);

export const TEST_PLATFORM_CONNECTION_MUTATION = graphql(`
  mutation TestPlatformConnectionScreen($platform: String!, $input: PlatformCredentialsInput!) {
    testPlatformConnection(platform: $platform, input: $input) {
      success
      message
    }
  }
`);

export const PLATFORM_STATUS_QUERY = graphql(`
  query PlatformStatusScreen {
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

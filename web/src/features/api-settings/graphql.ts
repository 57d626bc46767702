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

import { graphql } from '../../gql';

export const GENERATE_CONTENT_MUTATION = graphql(`
  mutation GenerateContentScreen($input: GenerateContentInput!) {
    generateContent(input: $input) {
      content
      hashtags
      platform
    }
  }
`);

export const SAVE_DRAFT_MUTATION = graphql(`
  mutation SaveDraftScreen($input: CreatePostInput!) {
    createPost(input: $input) {
      id
      status
    }
  }
`);

export const CONTENT_USAGE_QUERY = graphql(`
  query ContentUsageScreen {
    contentUsage {
      plan
      monthlyPostLimit
      monthlyPostsUsed
      tokensThisMonth
    }
  }
`);

import { graphql } from '../../gql';

export const MODERATION_QUERY = graphql(`
  query ModerationScreen {
    posts {
      ...ModerationPost
    }
    brandSettings {
      platformSettings {
        twitter {
          enabled
          autoPost
        }
        instagram {
          enabled
          autoPost
        }
        tiktok {
          enabled
          autoPost
        }
        facebook {
          enabled
          autoPost
        }
      }
    }
  }
  fragment ModerationPost on Post {
    id
    platform
    status
    content
    topic
    tone
    isAiGenerated
    createdAt
    postedTime
    scheduledTime
    autoPost
    failureReason
    platformUrl
  }
`);

export const APPROVE_POST_MUTATION = graphql(`
  mutation ApprovePostScreen($id: ID!) {
    approvePost(id: $id) {
      ...ModerationPost
    }
  }
`);

export const REJECT_POST_MUTATION = graphql(`
  mutation RejectPostScreen($id: ID!) {
    rejectPost(id: $id) {
      ...ModerationPost
    }
  }
`);

export const TIKTOK_PACK_QUERY = graphql(`
  query TikTokPackScreen($postId: ID!) {
    tiktokContentPack(postId: $postId) {
      ...TikTokPack
    }
  }
  fragment TikTokPack on TikTokContentPack {
    postId
    caption
    hashtags
    uploadedToDrafts
  }
`);

export const SEND_TIKTOK_PACK_MUTATION = graphql(`
  mutation SendTikTokPackScreen($postId: ID!) {
    sendTikTokPackToDrafts(postId: $postId) {
      ...TikTokPack
    }
  }
`);

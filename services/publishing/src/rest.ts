import { restReply, type RestRoute } from '@brandloom/runtime/edge';

const connection = 'connected reason verifiedAt';

/** The publishing paths of the spec (§7), each served by a publishing operation. */
export const publishingRestRoutes: readonly RestRoute[] = [
  {
    method: 'get',
    path: '/api/platforms/status',
    operation: `query PlatformStatus { platformStatus {
      twitter { ${connection} } instagram { ${connection} } tiktok { ${connection} } facebook { ${connection} } } }`,
    reply: (data) => restReply(data['platformStatus']),
  },
  {
    // Content serves /api/test-connection/openai; the gateway mounts content's rows first.
    method: 'post',
    path: '/api/test-connection/:platform',
    operation: `mutation TestPlatformConnection($platform: String!, $input: PlatformCredentialsInput!) {
      testPlatformConnection(platform: $platform, input: $input) { success message } }`,
    variables: (req) => ({ platform: req.params['platform'], input: req.body ?? {} }),
    reply: (data) => restReply(data['testPlatformConnection']),
  },
  {
    method: 'get',
    path: '/api/publishing/quota/:platform',
    operation: `query PublishingQuota($platform: String!, $at: String!) {
      publishingQuota(platform: $platform, at: $at) { platform used limit windowHours warning } }`,
    variables: (req) => ({
      platform: req.params['platform'],
      at: typeof req.query['at'] === 'string' ? req.query['at'] : new Date().toISOString(),
    }),
    reply: (data) => restReply(data['publishingQuota']),
  },
  {
    method: 'post',
    path: '/api/tiktok/packs/:postId/drafts',
    operation: `mutation SendTikTokPackToDrafts($postId: ID!) {
      sendTikTokPackToDrafts(postId: $postId) { postId caption hashtags uploadedToDrafts } }`,
    variables: (req) => ({ postId: req.params['postId'] }),
    reply: (data) => restReply(data['sendTikTokPackToDrafts']),
  },
];

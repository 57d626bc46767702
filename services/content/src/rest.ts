import { bodyAsInput, restReply, type RestRequest, type RestRoute } from '@brandloom/runtime/edge';

const brandFields = `brandName storeDomain brandVoice defaultTone defaultHashtags autoGenerateHashtags aiAssistantName
  contentGuidelines defaultProductUrl useRandomProducts customInstructions
  platformSettings { twitter { ...P } instagram { ...P } tiktok { ...P } facebook { ...P } }`;
const platformFragment = 'fragment P on PlatformSetting { enabled autoPost postTypes }';
const postFields = `id platform status content topic tone isAiGenerated includeHashtags createdAt decidedAt postedTime
  scheduledTime autoPost failureReason platformUrl quotaWarning`;

const decision = (name: 'approvePost' | 'rejectPost', operation: string): RestRoute => ({
  method: 'post',
  path: `/api/posts/:id/${name === 'approvePost' ? 'approve' : 'reject'}`,
  operation: `mutation ${operation}($id: ID!) { ${name}(id: $id) { ${postFields} } }`,
  variables: (req: RestRequest) => ({ id: req.params['id'] }),
  reply: (data) => restReply(data[name]),
});

/** The content paths of the spec (§7), each served by a content operation. */
export const contentRestRoutes: readonly RestRoute[] = [
  {
    method: 'get',
    path: '/api/brand-settings',
    operation: `query BrandSettings { brandSettings { ${brandFields} } } ${platformFragment}`,
    reply: (data) => restReply(data['brandSettings']),
  },
  {
    method: 'post',
    path: '/api/brand-settings',
    operation: `mutation SaveBrandSettings($input: BrandSettingsInput!) {
      saveBrandSettings(input: $input) { ${brandFields} } } ${platformFragment}`,
    variables: bodyAsInput,
    reply: (data) => restReply(data['saveBrandSettings']),
  },
  {
    method: 'get',
    path: '/api/posts',
    operation: `query Posts { posts { ${postFields} } }`,
    reply: (data) => restReply(data['posts']),
  },
  {
    method: 'post',
    path: '/api/posts',
    operation: `mutation CreatePost($input: CreatePostInput!) { createPost(input: $input) { ${postFields} } }`,
    variables: bodyAsInput,
    reply: (data) => restReply(data['createPost'], 201),
  },
  decision('approvePost', 'ApprovePost'),
  decision('rejectPost', 'RejectPost'),
  {
    method: 'post',
    path: '/api/auto-posting/schedule',
    operation: `mutation SchedulePost($input: SchedulePostInput!) {
      schedulePost(input: $input) { post { ${postFields} } quotaWarning } }`,
    variables: bodyAsInput,
    reply: (data) => restReply(data['schedulePost'], 201),
  },
  {
    method: 'post',
    path: '/api/content/generate',
    operation: `mutation GenerateContent($input: GenerateContentInput!) {
      generateContent(input: $input) { content hashtags platform } }`,
    variables: bodyAsInput,
    reply: (data) => restReply(data['generateContent']),
  },
  {
    method: 'get',
    path: '/api/content/usage',
    operation: 'query ContentUsage { contentUsage { plan monthlyPostLimit monthlyPostsUsed tokensThisMonth } }',
    reply: (data) => restReply(data['contentUsage']),
  },
  {
    method: 'post',
    path: '/api/test/openai',
    operation: 'mutation TestOpenAi { testOpenAi { success message testContent } }',
    reply: (data) => restReply(data['testOpenAi']),
  },
  {
    method: 'post',
    // The platforms' own tests are publishing's (`/api/test-connection/:platform`), mounted after this row.
    path: '/api/test-connection/openai',
    operation: `mutation TestConnection($platform: String!, $input: ConnectionTestInput!) {
      testConnection(platform: $platform, input: $input) { message } }`,
    variables: (req) => ({ platform: 'openai', input: req.body ?? {} }),
    reply: (data) => restReply(data['testConnection']),
  },
  // Guided onboarding (services/content/src/onboarding).
  {
    method: 'get',
    path: '/api/onboarding/progress',
    operation: 'query OnboardingProgress { onboardingProgress { brandSettingsSaved postsCreated } }',
    reply: (data) => restReply(data['onboardingProgress']),
  },
  {
    method: 'post',
    path: '/api/onboarding/brand-profile-draft',
    operation: `mutation DraftBrandProfile($input: DraftBrandProfileInput!) {
      draftBrandProfile(input: $input) { brandVoice contentGuidelines defaultHashtags postingTimes } }`,
    variables: bodyAsInput,
    reply: (data) => restReply(data['draftBrandProfile']),
  },
];

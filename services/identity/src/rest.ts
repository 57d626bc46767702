import { currentUserFieldsFragment } from '@brandloom/proto-events/graphql';
import { bodyAsInput, restReply, type RestRoute } from '@brandloom/runtime/edge';
import { vaultRestRoutes } from './vault/rest.js';

const signedInUser =
  (field: string, status = 200) =>
  (data: Record<string, unknown>) =>
    restReply((data[field] as { user: unknown }).user, status);

const authMutation = (name: string, field: string, input: string) =>
  `mutation ${name}($input: ${input}!) { ${field}(input: $input) { user { ...CurrentUserFields } } } ${currentUserFieldsFragment}`;

/** The account paths of the spec (§7), each served by an identity operation. */
export const identityRestRoutes: readonly RestRoute[] = [
  {
    method: 'get',
    path: '/api/auth/user',
    operation: `query CurrentUser { me { ...CurrentUserFields } } ${currentUserFieldsFragment}`,
    reply: (data) => (data['me'] ? restReply(data['me']) : restReply({ message: 'Not signed in' }, 401)),
  },
  {
    method: 'post',
    path: '/api/signup',
    operation: authMutation('SignUp', 'signUp', 'SignUpInput'),
    variables: bodyAsInput,
    reply: signedInUser('signUp', 201),
  },
  {
    method: 'post',
    path: '/api/signin',
    operation: authMutation('SignIn', 'signIn', 'SignInInput'),
    variables: bodyAsInput,
    reply: signedInUser('signIn'),
  },
  {
    method: 'post',
    path: '/api/master-login',
    operation: authMutation('MasterLogin', 'masterLogin', 'SignInInput'),
    variables: bodyAsInput,
    reply: signedInUser('masterLogin'),
  },
  {
    method: 'get',
    path: '/api/logout',
    operation: 'mutation SignOut { signOut { signedOut } }',
    // A link or address-bar visit lands on the landing page; a fetch gets JSON.
    reply: (_data, req) => (req.wantsHtml ? { redirect: '/' } : restReply({ message: 'Signed out' })),
  },
  ...vaultRestRoutes,
];

// The master admin's paths and the contact form. Admin checks happen in the resolvers.

const adminUserFields = `id email firstName lastName isAdmin isActive createdAt lastActiveAt
  subscriptionTier subscriptionStatus trialEndsAt subscriptionEndsAt trialDaysRemaining
  totalPosts monthlyPostsUsed accountHistory { action by at } planHistory { action by at }`;

/** Plan actions are billing's, account actions identity's; the row runs the one the action names. */
const planActionNames = new Set(['extend-trial', 'upgrade']);

export const adminAndSupportRestRoutes: readonly RestRoute[] = [
  {
    method: 'get',
    path: '/api/admin/stats',
    operation: `query AdminStats {
      accountStats { totalUsers activeUsers }
      planStats { trialUsers paidUsers totalRevenue monthlyRevenue churnRate conversionRate }
    }`,
    reply: (data) => restReply({ ...(data['accountStats'] as object), ...(data['planStats'] as object) }),
  },
  {
    method: 'get',
    path: '/api/admin/users',
    operation: `query AdminUsers { adminUsers { ${adminUserFields} } }`,
    reply: (data) => restReply(data['adminUsers']),
  },
  {
    method: 'post',
    path: '/api/admin/users/:id/action',
    operation: `mutation AdminUserAction($userId: ID!, $action: String!, $onPlan: Boolean!, $onAccount: Boolean!) {
      plan: adminPlanAction(userId: $userId, action: $action) @include(if: $onPlan) { success }
      account: adminAccountAction(userId: $userId, action: $action) @include(if: $onAccount) { success }
    }`,
    variables: (req) => {
      const given = (req.body as Record<string, unknown>)['action'];
      const action = typeof given === 'string' ? given : '';
      const onPlan = planActionNames.has(action);
      // Anything not a plan action goes to identity, which refuses an unknown one with a 400.
      return { userId: req.params['id'] ?? '', action, onPlan, onAccount: !onPlan };
    },
    reply: (_data, req) => restReply({ success: true, action: (req.body as Record<string, unknown>)['action'] }),
  },
  {
    method: 'post',
    path: '/api/support/contact',
    operation:
      'mutation ContactSupport($input: SupportMessageInput!) { contactSupport(input: $input) { success fallback supportEmail } }',
    variables: bodyAsInput,
    reply: (data) => restReply(data['contactSupport']),
  },
];

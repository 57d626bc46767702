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

import type { Request } from 'express';

/** What a REST path answers once its GraphQL operation has run. */
export type RestReply = { status: number; body: unknown } | { redirect: string };

/**
 * One documented `/api/*` path and the GraphQL operation that serves it. REST and GraphQL run
 * the same resolvers, so they cannot disagree. Later slices add rows here.
 */
export interface RestRoute {
  method: 'get' | 'post' | 'put';
  path: string;
  operation: string;
  variables?: (req: Request) => Record<string, unknown>;
  reply: (data: Record<string, unknown>, req: Request) => RestReply;
}

const USER_FIELDS = `
  fragment CurrentUserFields on User {
    id email firstName lastName isAdmin isActive createdAt lastActiveAt
    subscriptionTier subscriptionStatus trialEndsAt subscriptionEndsAt
  }`;

const ok = (body: unknown, status = 200): RestReply => ({ status, body });
const bodyAsInput = (req: Request) => ({ input: req.body ?? {} });
const signedInUser =
  (field: string, status = 200) =>
  (data: Record<string, unknown>) =>
    ok((data[field] as { user: unknown }).user, status);

export const authRoutes: RestRoute[] = [
  {
    method: 'get',
    path: '/api/auth/user',
    operation: `query CurrentUser { me { ...CurrentUserFields } } ${USER_FIELDS}`,
    reply: (data) => (data['me'] ? ok(data['me']) : ok({ message: 'Not signed in' }, 401)),
  },
  {
    method: 'post',
    path: '/api/signup',
    operation: `mutation SignUp($input: SignUpInput!) { signUp(input: $input) { user { ...CurrentUserFields } } } ${USER_FIELDS}`,
    variables: bodyAsInput,
    reply: signedInUser('signUp', 201),
  },
  {
    method: 'post',
    path: '/api/signin',
    operation: `mutation SignIn($input: SignInInput!) { signIn(input: $input) { user { ...CurrentUserFields } } } ${USER_FIELDS}`,
    variables: bodyAsInput,
    reply: signedInUser('signIn'),
  },
  {
    method: 'post',
    path: '/api/master-login',
    operation: `mutation MasterLogin($input: SignInInput!) { masterLogin(input: $input) { user { ...CurrentUserFields } } } ${USER_FIELDS}`,
    variables: bodyAsInput,
    reply: signedInUser('masterLogin'),
  },
  {
    method: 'get',
    path: '/api/logout',
    operation: 'mutation SignOut { signOut { signedOut } }',
    // A link or address-bar visit lands on the landing page; a fetch gets JSON.
    reply: (_data, req) =>
      req.accepts(['json', 'html']) === 'html' ? { redirect: '/' } : ok({ message: 'Signed out' }),
  },
];

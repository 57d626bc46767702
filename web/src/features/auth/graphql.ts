import { gql, type TypedDocumentNode } from '@apollo/client';
import type { CurrentUser } from '../../lib/user';

const CURRENT_USER_FIELDS = gql`
  fragment CurrentUserFields on User {
    id
    email
    firstName
    lastName
    isAdmin
    isActive
    createdAt
    lastActiveAt
    subscriptionTier
    subscriptionStatus
    trialEndsAt
    subscriptionEndsAt
  }
`;

export interface MeQuery {
  me: CurrentUser | null;
}

export const ME_QUERY: TypedDocumentNode<MeQuery, Record<string, never>> = gql`
  query Me {
    me {
      ...CurrentUserFields
    }
  }
  ${CURRENT_USER_FIELDS}
`;

export interface Credentials {
  email: string;
  password: string;
}

export interface SignUpVariablesInput extends Credentials {
  firstName: string;
  lastName: string;
}

interface AuthPayload {
  user: CurrentUser;
}

export const SIGN_IN_MUTATION: TypedDocumentNode<{ signIn: AuthPayload }, { input: Credentials }> = gql`
  mutation SignIn($input: SignInInput!) {
    signIn(input: $input) {
      user {
        ...CurrentUserFields
      }
    }
  }
  ${CURRENT_USER_FIELDS}
`;

export const SIGN_UP_MUTATION: TypedDocumentNode<{ signUp: AuthPayload }, { input: SignUpVariablesInput }> = gql`
  mutation SignUp($input: SignUpInput!) {
    signUp(input: $input) {
      user {
        ...CurrentUserFields
      }
    }
  }
  ${CURRENT_USER_FIELDS}
`;

export const MASTER_LOGIN_MUTATION: TypedDocumentNode<{ masterLogin: AuthPayload }, { input: Credentials }> = gql`
  mutation MasterLogin($input: SignInInput!) {
    masterLogin(input: $input) {
      user {
        ...CurrentUserFields
      }
    }
  }
  ${CURRENT_USER_FIELDS}
`;

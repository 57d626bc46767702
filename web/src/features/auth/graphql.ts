import { graphql } from '../../gql';

export const SIGN_IN_MUTATION = graphql(`
  mutation SignIn($input: SignInInput!) {
    signIn(input: $input) {
      user {
        ...CurrentUserFields
      }
    }
  }
`);

export const SIGN_UP_MUTATION = graphql(`
  mutation SignUp($input: SignUpInput!) {
    signUp(input: $input) {
      user {
        ...CurrentUserFields
      }
    }
  }
`);

export const MASTER_LOGIN_MUTATION = graphql(`
  mutation MasterLogin($input: SignInInput!) {
    masterLogin(input: $input) {
      user {
        ...CurrentUserFields
      }
    }
  }
`);

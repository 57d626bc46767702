import { graphql } from '../../gql';

export const SIGN_OUT_MUTATION = graphql(`
  mutation SignOut {
    signOut {
      signedOut
    }
  }
`);

import { gql, type TypedDocumentNode } from '@apollo/client';

export const SIGN_OUT_MUTATION: TypedDocumentNode<{ signOut: { signedOut: boolean } }, Record<string, never>> = gql`
  mutation SignOut {
    signOut {
      signedOut
    }
  }
`;

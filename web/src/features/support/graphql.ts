import { graphql } from '../../gql';

export const CONTACT_SUPPORT_MUTATION = graphql(`
  mutation ContactSupport($input: SupportMessageInput!) {
    contactSupport(input: $input) {
      success
      fallback
      supportEmail
    }
  }
`);

import { graphql } from '../../gql';

export const SUBSCRIPTION_QUERY = graphql(`
  query SubscriptionPage {
    me {
      id
      subscriptionTier
      subscriptionStatus
      trialEndsAt
      subscriptionEndsAt
      trialDaysRemaining
      isPromotionalPricing
      promotional {
        isPromotional
        daysRemaining
      }
    }
    stripePublishableKey
  }
`);

export const CREATE_PAYMENT_INTENT_MUTATION = graphql(`
  mutation CreatePaymentIntent($amount: Float!) {
    createPaymentIntent(amount: $amount) {
      clientSecret
    }
  }
`);

export const CANCEL_SUBSCRIPTION_MUTATION = graphql(`
  mutation CancelSubscription {
    cancelSubscription {
      canceled
    }
  }
`);

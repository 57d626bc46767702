import { graphql } from '../../gql';

export const PLANS_QUERY = graphql(`
  query PlansPage {
    plans {
      id
      name
      monthlyPrice
      yearlyPrice
      yearlyPricePerMonth
      yearlySavings
      monthlyPostLimit
      features
      limitations
      popular
    }
  }
`);

export const CREATE_SUBSCRIPTION_MUTATION = graphql(`
  mutation StartCheckout($planId: String!, $priceId: String!, $siteOrigin: String) {
    createSubscription(planId: $planId, priceId: $priceId, siteOrigin: $siteOrigin) {
      checkoutUrl
    }
  }
`);

import { graphql } from '../../gql';

export const ADMIN_DASHBOARD_QUERY = graphql(`
  query AdminDashboard {
    accountStats {
      totalUsers
      activeUsers
    }
    planStats {
      trialUsers
      paidUsers
      totalRevenue
      monthlyRevenue
      churnRate
      conversionRate
    }
    adminUsers {
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
      totalPosts
      monthlyPostsUsed
      accountHistory {
        action
        by
        at
      }
      planHistory {
        action
        by
        at
      }
    }
  }
`);

export const ADMIN_ACCOUNT_ACTION_MUTATION = graphql(`
  mutation AdminAccountAction($userId: ID!, $action: String!) {
    adminAccountAction(userId: $userId, action: $action) {
      success
    }
  }
`);

export const ADMIN_PLAN_ACTION_MUTATION = graphql(`
  mutation AdminPlanAction($userId: ID!, $action: String!) {
    adminPlanAction(userId: $userId, action: $action) {
      success
    }
  }
`);

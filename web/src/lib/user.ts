import type { CurrentUserFieldsFragment, SubscriptionStatus, SubscriptionTier } from '../gql/graphql.js';

/** The signed-in user as the app's screens use it: the shared `CurrentUserFields` fragment. */
export type CurrentUser = CurrentUserFieldsFragment;
export type { SubscriptionStatus, SubscriptionTier };

export function displayName(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.email;
}

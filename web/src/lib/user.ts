/** The signed-in user as the app's screens use it (the `User` type of the GraphQL API). */
export type SubscriptionTier = 'starter' | 'professional' | 'enterprise' | 'agency';

export interface CurrentUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  isActive: boolean;
  createdAt: string;
  lastActiveAt: string | null;
  subscriptionTier: SubscriptionTier | null;
  subscriptionStatus: string | null;
  trialEndsAt: string | null;
  subscriptionEndsAt: string | null;
}

export function displayName(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.email;
}

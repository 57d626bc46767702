import { useQuery } from '@apollo/client/react';
import type { CurrentUser } from '../../lib/user';
import { ME_QUERY } from './graphql';

export interface CurrentUserState {
  user: CurrentUser | null;
  /** True only while the first answer is pending; later refetches keep the screen as it is. */
  isLoading: boolean;
  isAuthenticated: boolean;
}

/**
 * Who is signed in. Never cached or retried: asked on mount and again whenever the window
 * becomes visible; a failed request means the visitor is not signed in.
 */
export function useCurrentUser(): CurrentUserState {
  const { data, error, loading } = useQuery(ME_QUERY, {
    fetchPolicy: 'network-only',
    nextFetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: false,
    refetchOn: { windowFocus: true },
  });
  const user = error ? null : (data?.me ?? null);
  return {
    user,
    isLoading: loading && data === undefined && !error,
    isAuthenticated: user !== null,
  };
}

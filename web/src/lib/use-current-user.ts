import { createContext, createElement, useContext, useSyncExternalStore, type PropsWithChildren } from 'react';
import type { CurrentUserSession, CurrentUserStatus } from './current-user';

const SessionContext = createContext<CurrentUserSession | null>(null);

export function CurrentUserProvider({ session, children }: PropsWithChildren<{ session: CurrentUserSession }>) {
  return createElement(SessionContext.Provider, { value: session }, children);
}

export function useCurrentUserSession(): CurrentUserSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useCurrentUserSession needs a CurrentUserProvider above it');
  return session;
}

/** Who is signed in; re-renders when the server's answer changes. */
export function useCurrentUser(): CurrentUserStatus {
  const session = useCurrentUserSession();
  return useSyncExternalStore(session.subscribe, session.getStatus, session.getStatus);
}

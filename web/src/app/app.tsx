import type { ApolloClient } from '@apollo/client';
import { StrictMode, type ReactNode } from 'react';
import type { CurrentUserSession } from '../lib/current-user';
import { AppProviders } from './providers';
import { AppRouter } from './router';

/** The whole app inside a router: the browser's, or a static one when pages are prerendered. */
export function App({
  client,
  session,
  router,
}: {
  client: ApolloClient;
  session: CurrentUserSession;
  router: (app: ReactNode) => ReactNode;
}) {
  return (
    <StrictMode>
      <AppProviders client={client} session={session}>
        {router(<AppRouter />)}
      </AppProviders>
    </StrictMode>
  );
}

import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import type { PropsWithChildren } from 'react';
import { Provider as ChakraProvider } from '../components/ui/provider';
import { Toaster } from '../components/ui/toaster';
import type { CurrentUserSession } from '../lib/current-user';
import { CurrentUserProvider } from '../lib/use-current-user';

interface AppProvidersProps extends PropsWithChildren {
  client: ApolloClient;
  session: CurrentUserSession;
}

/** Everything the screens rely on except the router, which differs in the browser and at build. */
export function AppProviders({ client, session, children }: AppProvidersProps) {
  return (
    <ApolloProvider client={client}>
      <CurrentUserProvider session={session}>
        <ChakraProvider>
          {children}
          <Toaster />
        </ChakraProvider>
      </CurrentUserProvider>
    </ApolloProvider>
  );
}

import { ApolloProvider } from '@apollo/client/react';
import { useState, type PropsWithChildren } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { Provider as ChakraProvider } from '../components/ui/provider';
import { Toaster } from '../components/ui/toaster';
import { createApolloClient } from './apollo-client';

export function AppProviders({ children }: PropsWithChildren) {
  const [client] = useState(createApolloClient);
  return (
    <ApolloProvider client={client}>
      <ChakraProvider>
        <BrowserRouter>
          {children}
          <Toaster />
        </BrowserRouter>
      </ChakraProvider>
    </ApolloProvider>
  );
}

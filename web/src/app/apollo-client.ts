import { ApolloClient, HttpLink, InMemoryCache, RefetchEventManager, windowFocusSource } from '@apollo/client';

/**
 * The API lives on the same origin and keeps the session in a cookie. Queries are not refetched
 * on window focus unless they ask for it. (Who is signed in is asked by `CurrentUserSession`.)
 */
export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri: '/graphql', credentials: 'same-origin' }),
    cache: new InMemoryCache(),
    refetchEventManager: new RefetchEventManager({ sources: { windowFocus: windowFocusSource } }),
    defaultOptions: {
      watchQuery: { refetchOn: false },
    },
  });
}

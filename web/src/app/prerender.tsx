// The build-time entry that renders the signed-out pages to HTML (scripts/prerender.ts runs it).
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { CurrentUserSession } from '../lib/current-user';
import { createApolloClient } from './apollo-client';
import { App } from './app';

export { PRERENDERED_ATTRIBUTE, PRERENDERED_PAGES } from './prerendered';

/** The page at `path` as a signed-out visitor sees it, once every lazy screen has loaded. */
export async function renderSignedOutPage(path: string): Promise<string> {
  const client = createApolloClient();
  const session = new CurrentUserSession({ kind: 'signed-out' });
  const { prelude } = await prerender(
    <App
      client={client}
      session={session}
      router={(routes) => <StaticRouter location={path}>{routes}</StaticRouter>}
    />,
  );
  return new Response(prelude).text();
}

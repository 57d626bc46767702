import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import type { CurrentUserSession } from '../lib/current-user';
import { createApolloClient } from './apollo-client';
import { App } from './app';
import { preloadSignedInScreens } from './screens';

interface StartOptions {
  container: HTMLElement;
  session: CurrentUserSession;
  /** Whether #root holds a page rendered at build time. */
  prerendered: boolean;
  /** The current path's signed-out screen, loading. */
  signedOutScreen: Promise<unknown>;
}

/** Renders the app into #root, or adopts the prerendered page once the server has answered. */
export function start({ container, session, prerendered, signedOutScreen }: StartOptions): void {
  const app = (
    <App client={createApolloClient()} session={session} router={(routes) => <BrowserRouter>{routes}</BrowserRouter>} />
  );
  if (!prerendered) {
    createRoot(container).render(app);
    return;
  }
  // The prerendered page stays on screen (and usable: its links are plain links) until the
  // server has answered. Signed out, React adopts the page as it is; signed in, the app
  // replaces it. No answer (a network failure) keeps it while the session asks again.
  void session.firstAnswer().then(async (status) => {
    if (status.kind === 'signed-out') {
      await signedOutScreen;
      hydrateRoot(container, app);
    } else {
      await preloadSignedInScreens();
      createRoot(container).render(app);
    }
  });
}

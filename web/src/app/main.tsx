import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { CurrentUserSession } from '../lib/current-user';
import { createApolloClient } from './apollo-client';
import { App } from './app';
import { PRERENDERED_ATTRIBUTE } from './prerendered';
import { preloadSignedInScreens, preloadSignedOutScreen } from './routes';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the app into.');

// Before React starts, the current-user question and the screen's chunk leave together.
const client = createApolloClient();
const session = new CurrentUserSession(client);
void session.refresh();
session.refreshWhenVisible();
const prerendered = container.hasAttribute(PRERENDERED_ATTRIBUTE);
// The server prerenders the signed-out pages and sends the plain shell instead when the
// visitor has a session cookie, so a shell here most likely means a signed-in visitor.
const signedOutScreen = preloadSignedOutScreen(window.location.pathname);
if (!prerendered) void preloadSignedInScreens();

const app = <App client={client} session={session} router={(routes) => <BrowserRouter>{routes}</BrowserRouter>} />;

if (!prerendered) {
  createRoot(container).render(app);
} else {
  // The prerendered page stays on screen (and usable: its links are plain links) until the
  // server has answered. Signed out, React adopts the page as it is; signed in, the app
  // replaces it. No answer (a network failure) keeps it and the session asks again.
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

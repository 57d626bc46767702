// The entry: small on purpose. It asks who is signed in and fetches the current screen's chunk
// at once, then loads React, Apollo and the UI kit (`start.tsx`) to render or adopt the page.
import { CurrentUserSession } from '../lib/current-user';
import { PRERENDERED_ATTRIBUTE } from './prerendered';
import { preloadSignedInScreens, preloadSignedOutScreen } from './screens';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the app into.');

const session = new CurrentUserSession();
void session.refresh();
session.refreshWhenVisible();

const prerendered = container.hasAttribute(PRERENDERED_ATTRIBUTE);
// The server prerenders the signed-out pages and sends the plain shell instead when the
// visitor has a session cookie, so a shell here most likely means a signed-in visitor.
const signedOutScreen = preloadSignedOutScreen(window.location.pathname);
if (!prerendered) void preloadSignedInScreens();

void import('./start').then(({ start }) => start({ container, session, prerendered, signedOutScreen }));

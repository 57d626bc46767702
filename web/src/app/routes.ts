import { lazy, type ComponentType } from 'react';

type Loader<Props> = () => Promise<ComponentType<Props>>;

/**
 * A lazily loaded screen whose chunk can also be requested before React renders, so the chunk
 * and the current-user question travel in parallel; both use the same request.
 */
function screen<Props extends object>(load: Loader<Props>) {
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => (loading ??= load());
  return Object.assign(
    lazy(() => preload().then((component) => ({ default: component }))),
    { preload },
  );
}

export const LandingPage = screen(() => import('../features/landing/landing-page').then((m) => m.LandingPage));
export const SignInPage = screen(() => import('../features/auth/sign-in-page').then((m) => m.SignInPage));
export const SignUpPage = screen(() => import('../features/auth/sign-up-page').then((m) => m.SignUpPage));
export const MasterLoginPage = screen(() =>
  import('../features/auth/master-login-page').then((m) => m.MasterLoginPage),
);
export const AppLayout = screen(() => import('../features/layout/app-layout').then((m) => m.AppLayout));
export const SetupPage = screen(() => import('../features/setup/setup-page').then((m) => m.SetupPage));
export const NotFoundPage = screen(() => import('../features/not-found/not-found-page').then((m) => m.NotFoundPage));

/**
 * The signed-out screen for a path: what a visitor most likely sees first there. A signed-in
 * visitor's screens are loaded once the server has said who they are.
 */
export function preloadSignedOutScreen(pathname: string): Promise<unknown> {
  switch (pathname) {
    case '/signin':
      return SignInPage.preload();
    case '/signup':
      return SignUpPage.preload();
    case '/master-login':
      return MasterLoginPage.preload();
    default:
      return LandingPage.preload();
  }
}

/** The signed-in app's frame and home screen. */
export function preloadSignedInScreens(): Promise<unknown> {
  return Promise.all([AppLayout.preload(), SetupPage.preload()]);
}

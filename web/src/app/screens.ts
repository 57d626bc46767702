import type { ComponentType } from 'react';

/**
 * Loads each screen's chunk once; `routes.ts` wraps these in `React.lazy`, and the entry calls
 * them before React has loaded, so a screen's chunk and the current-user question travel in
 * parallel. This module imports nothing at run time, so the entry stays small.
 */
function loader<Props>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<ComponentType<Props>> | undefined;
  return () => (loading ??= load());
}

export const loadLandingPage = loader(() => import('../features/landing/landing-page').then((m) => m.LandingPage));
export const loadSignInPage = loader(() => import('../features/auth/sign-in-page').then((m) => m.SignInPage));
export const loadSignUpPage = loader(() => import('../features/auth/sign-up-page').then((m) => m.SignUpPage));
export const loadMasterLoginPage = loader(() =>
  import('../features/auth/master-login-page').then((m) => m.MasterLoginPage),
);
export const loadAppLayout = loader(() => import('../features/layout/app-layout').then((m) => m.AppLayout));
export const loadSetupPage = loader(() => import('../features/setup/setup-page').then((m) => m.SetupPage));
export const loadHomePage = loader(() => import('../features/home/home-page').then((m) => m.HomePage));
export const loadBrandSettingsPage = loader(() =>
  import('../features/brand-settings/brand-settings-page').then((m) => m.BrandSettingsPage),
);
export const loadApiSettingsPage = loader(() =>
  import('../features/api-settings/api-settings-page').then((m) => m.ApiSettingsPage),
);
export const loadTestOpenAiPage = loader(() =>
  import('../features/test-openai/test-openai-page').then((m) => m.TestOpenAiPage),
);
export const loadContentGeneratorPage = loader(() =>
  import('../features/content-generator/content-generator-page').then((m) => m.ContentGeneratorPage),
);
export const loadModerationPage = loader(() =>
  import('../features/moderation/moderation-page').then((m) => m.ModerationPage),
);
export const loadScheduleQueuePage = loader(() =>
  import('../features/schedule-queue/schedule-queue-page').then((m) => m.ScheduleQueuePage),
);
export const loadAutoPostingPage = loader(() =>
  import('../features/auto-posting/auto-posting-page').then((m) => m.AutoPostingPage),
);
export const loadNotFoundPage = loader(() =>
  import('../features/not-found/not-found-page').then((m) => m.NotFoundPage),
);

export const loadPlansPage = loader(() => import('../features/plans/plans-page').then((m) => m.PlansPage));
export const loadSubscriptionPage = loader(() =>
  import('../features/subscription/subscription-page').then((m) => m.SubscriptionPage),
);
export const loadSupportPage = loader(() => import('../features/support/support-page').then((m) => m.SupportPage));
export const loadAdminPage = loader(() => import('../features/admin/admin-page').then((m) => m.AdminPage));

// Guided onboarding.
export const loadQuickSetupPage = loader(() =>
  import('../features/onboarding/quick-setup/quick-setup-page').then((m) => m.QuickSetupPage),
);
export const loadApiSetupPage = loader(() =>
  import('../features/onboarding/api-setup/api-setup-page').then((m) => m.ApiSetupPage),
);
export const loadSmartOnboardingPage = loader(() =>
  import('../features/onboarding/smart-onboarding/smart-onboarding-page').then((m) => m.SmartOnboardingPage),
);

/**
 * The signed-out screen for a path: what a visitor most likely sees first there. A signed-in
 * visitor's screens are loaded once the server has said who they are.
 */
export function preloadSignedOutScreen(pathname: string): Promise<unknown> {
  switch (pathname) {
    case '/signin':
      return loadSignInPage();
    case '/signup':
      return loadSignUpPage();
    case '/master-login':
      return loadMasterLoginPage();
    default:
      return loadLandingPage();
  }
}

/** The signed-in app's frame and home screen. */
export function preloadSignedInScreens(): Promise<unknown> {
  return Promise.all([loadAppLayout(), loadSetupPage()]);
}

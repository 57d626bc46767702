import { lazy, type ComponentType } from 'react';
import * as screens from './screens';

const lazyScreen = <Props>(load: () => Promise<ComponentType<Props>>) =>
  lazy(() => load().then((component) => ({ default: component })));

export const LandingPage = lazyScreen(screens.loadLandingPage);
export const SignInPage = lazyScreen(screens.loadSignInPage);
export const SignUpPage = lazyScreen(screens.loadSignUpPage);
export const MasterLoginPage = lazyScreen(screens.loadMasterLoginPage);
export const AppLayout = lazyScreen(screens.loadAppLayout);
export const SetupPage = lazyScreen(screens.loadSetupPage);
export const NotFoundPage = lazyScreen(screens.loadNotFoundPage);
export const PlansPage = lazyScreen(screens.loadPlansPage);
export const SubscriptionPage = lazyScreen(screens.loadSubscriptionPage);
export const SupportPage = lazyScreen(screens.loadSupportPage);
export const AdminPage = lazyScreen(screens.loadAdminPage);
export const HomePage = lazyScreen(screens.loadHomePage);
export const BrandSettingsPage = lazyScreen(screens.loadBrandSettingsPage);
export const ApiSettingsPage = lazyScreen(screens.loadApiSettingsPage);
export const TestOpenAiPage = lazyScreen(screens.loadTestOpenAiPage);
export const ContentGeneratorPage = lazyScreen(screens.loadContentGeneratorPage);
export const ModerationPage = lazyScreen(screens.loadModerationPage);
export const ScheduleQueuePage = lazyScreen(screens.loadScheduleQueuePage);
export const AutoPostingPage = lazyScreen(screens.loadAutoPostingPage);
// Guided onboarding.
export const QuickSetupPage = lazyScreen(screens.loadQuickSetupPage);
export const ApiSetupPage = lazyScreen(screens.loadApiSetupPage);
export const SmartOnboardingPage = lazyScreen(screens.loadSmartOnboardingPage);

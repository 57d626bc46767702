import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { FullPageSpinner } from '../components/full-page-spinner';
import { useCurrentUser } from '../lib/use-current-user';
import type { CurrentUser } from '../lib/user';
import {
  AdminPage,
  AppLayout,
  LandingPage,
  MasterLoginPage,
  NotFoundPage,
  PlansPage,
  SetupPage,
  SignInPage,
  SignUpPage,
  SubscriptionPage,
  SupportPage,
  ApiSettingsPage,
  BrandSettingsPage,
  ContentGeneratorPage,
  HomePage,
  ModerationPage,
  ScheduleQueuePage,
  AutoPostingPage,
  TestOpenAiPage,
  // Guided onboarding.
  QuickSetupPage,
  ApiSetupPage,
  SmartOnboardingPage,
} from './routes';

function SignedOutRoutes() {
  return (
    <Routes>
      <Route path="/signin" element={<SignInPage />} />
      <Route path="/signup" element={<SignUpPage />} />
      <Route path="/master-login" element={<MasterLoginPage />} />
      <Route path="*" element={<LandingPage />} />
    </Routes>
  );
}

function SignedInRoutes({ user, trialDays }: { user: CurrentUser; trialDays: number }) {
  return (
    <Routes>
      {/* Already signed in: the account screens lead home. */}
      <Route path="/signin" element={<Navigate to="/" replace />} />
      <Route path="/signup" element={<Navigate to="/" replace />} />
      <Route path="/master-login" element={<Navigate to="/" replace />} />
      <Route element={<AppLayout user={user} />}>
        <Route index element={<SetupPage user={user} trialDays={trialDays} />} />
        <Route path="/plans" element={<PlansPage />} />
        <Route path="/subscription" element={<SubscriptionPage />} />
        <Route path="/support" element={<SupportPage />} />
        {user.isAdmin && <Route path="/admin" element={<AdminPage />} />}
        <Route path="/home" element={<HomePage user={user} />} />
        <Route path="/brand-settings" element={<BrandSettingsPage />} />
        <Route path="/api-settings" element={<ApiSettingsPage />} />
        <Route path="/test-openai" element={<TestOpenAiPage />} />
        <Route path="/content-generator" element={<ContentGeneratorPage user={user} />} />
        <Route path="/moderation" element={<ModerationPage user={user} />} />
        <Route path="/schedule-queue" element={<ScheduleQueuePage user={user} />} />
        <Route path="/auto-posting" element={<AutoPostingPage user={user} />} />
        {/* Guided onboarding. */}
        <Route path="/quick-setup" element={<QuickSetupPage />} />
        <Route path="/api-setup" element={<ApiSetupPage />} />
        <Route path="/smart-onboarding" element={<SmartOnboardingPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  const status = useCurrentUser();
  if (status.kind === 'unknown') return <FullPageSpinner />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      {status.kind === 'signed-in' ? (
        <SignedInRoutes user={status.user} trialDays={status.trialDays} />
      ) : (
        <SignedOutRoutes />
      )}
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { FullPageSpinner } from '../components/full-page-spinner';
import { useCurrentUser } from '../features/auth/use-current-user';
import type { CurrentUser } from '../lib/user';

const LandingPage = lazy(() => import('../features/landing/landing-page').then((m) => ({ default: m.LandingPage })));
const SignInPage = lazy(() => import('../features/auth/sign-in-page').then((m) => ({ default: m.SignInPage })));
const SignUpPage = lazy(() => import('../features/auth/sign-up-page').then((m) => ({ default: m.SignUpPage })));
const MasterLoginPage = lazy(() =>
  import('../features/auth/master-login-page').then((m) => ({ default: m.MasterLoginPage })),
);
const AppLayout = lazy(() => import('../features/layout/app-layout').then((m) => ({ default: m.AppLayout })));
const SetupPage = lazy(() => import('../features/setup/setup-page').then((m) => ({ default: m.SetupPage })));
const NotFoundPage = lazy(() =>
  import('../features/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

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

function SignedInRoutes({ user }: { user: CurrentUser }) {
  return (
    <Routes>
      {/* Already signed in: the account screens lead home. */}
      <Route path="/signin" element={<Navigate to="/" replace />} />
      <Route path="/signup" element={<Navigate to="/" replace />} />
      <Route path="/master-login" element={<Navigate to="/" replace />} />
      <Route element={<AppLayout user={user} />}>
        <Route index element={<SetupPage user={user} />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <FullPageSpinner />;
  return (
    <Suspense fallback={<FullPageSpinner />}>{user ? <SignedInRoutes user={user} /> : <SignedOutRoutes />}</Suspense>
  );
}

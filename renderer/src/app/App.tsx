import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { CallStateProvider } from '../api/call-state.tsx';
import { MetaProvider } from '../meta/meta-context.tsx';
import { useSession } from '../session/use-session.ts';
import { Layout } from '../shell/Layout.tsx';
import { NotFound } from '../shell/NotFound.tsx';
import SignIn from '../sessions/SignIn.tsx';
import { ScreenRouter } from './ScreenRouter.tsx';

const ForgotPassword = lazy(() => import('../sessions/ForgotPassword.tsx'));
const SignUp = lazy(() => import('../sessions/SignUp.tsx'));
const ResetPassword = lazy(() => import('../sessions/ResetPassword.tsx'));
const PublicFlowGate = lazy(() =>
  import('../public-flows/PublicFlowGate.tsx').then((m) => ({ default: m.PublicFlowGate })),
);

/**
 * The main layout needs a stored session; without one the page of a mailed public-flow link opens as it is, and any
 * other address clears the session and goes to sign in.
 */
function Guarded() {
  const user = useSession();
  const { t } = useTranslation();
  if (!user) return <PublicFlowGate />;
  return (
    <MetaProvider
      userKey={`${user.id}:${user.token}`}
      fallback={
        <p className="content" aria-busy="true">
          {t('shell.loading')}
        </p>
      }
    >
      <Layout user={user}>
        <ScreenRouter />
      </Layout>
    </MetaProvider>
  );
}

export function App() {
  const { t } = useTranslation();
  return (
    <CallStateProvider>
      <BrowserRouter>
        <Suspense fallback={<p aria-busy="true">{t('shell.loading')}</p>}>
          <Routes>
            <Route path="/" element={<Navigate to="/app/dashboard" replace />} />
            <Route path="/app/sessions/signIn" element={<SignIn />} />
            <Route path="/app/sessions/signUp" element={<SignUp />} />
            <Route path="/app/sessions/forgot" element={<ForgotPassword />} />
            <Route path="/app/sessions/reset-password" element={<ResetPassword />} />
            <Route path="/app/*" element={<Guarded />} />
            <Route
              path="*"
              element={
                <main className="content">
                  <NotFound />
                </main>
              }
            />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </CallStateProvider>
  );
}

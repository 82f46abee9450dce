import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, Navigate, useLocation } from 'react-router';
import { clearUser } from '../session/session-store.ts';
import PublicFlow from './PublicFlow.tsx';
import { publicCall, type PublicFlowScreen } from './public-flow-api.ts';

let known: Promise<PublicFlowScreen[]> | undefined;
/** The public flows' pages, asked once per page load and only by visitors without a session. */
export function publicFlowScreens(): Promise<PublicFlowScreen[]> {
  known ??= publicCall<{ screens: PublicFlowScreen[] }>('GET', 'screens').then((e) => e.data?.screens ?? []);
  return known;
}

/** Without a session: a public flow's page when the address is one, else the sign-in page. */
export function PublicFlowGate() {
  const location = useLocation();
  const { t } = useTranslation();
  const [screens, setScreens] = useState<PublicFlowScreen[] | null>(null);
  useEffect(() => void publicFlowScreens().then(setScreens), []);
  if (!screens) return <p aria-busy="true">{t('shell.loading')}</p>;
  const screen = screens.find((s) => matchPath(s.path, location.pathname));
  if (screen) return <PublicFlow screen={screen} screens={screens} />;
  clearUser();
  return <Navigate to="/app/sessions/signIn" replace state={{ from: location.pathname }} />;
}

/** For a signed-in person (a colleague reviewing): the same page, found among the routes /meta lists. */
export function SignedInPublicFlow({ path }: { path: string }) {
  const [screens, setScreens] = useState<PublicFlowScreen[] | null>(null);
  useEffect(() => void publicFlowScreens().then(setScreens), []);
  const screen = screens?.find((s) => s.path === path);
  return screen ? <PublicFlow screen={screen} screens={screens!} /> : null;
}

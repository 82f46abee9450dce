import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, Navigate, useLocation } from 'react-router';
import { CUSTOM_SCREENS } from '../custom/custom-screens.ts';
import { useMeta } from '../meta/meta-context.tsx';
import type { ScreenMeta } from '../meta/meta-types.ts';
import { HomeTabs, homeOf } from '../screens/HomeTabs.tsx';
import { Forbidden, NotFound } from '../shell/NotFound.tsx';

const ListScreen = lazy(() => import('../screens/ListScreen.tsx'));
const FormScreen = lazy(() => import('../screens/FormScreen.tsx'));
const DashboardScreen = lazy(() => import('../screens/DashboardScreen.tsx'));
const ReportScreen = lazy(() => import('../screens/ReportScreen.tsx'));
const TabsScreen = lazy(() => import('../screens/TabsScreen.tsx'));
const ModuleHome = lazy(() => import('../screens/ModuleHome.tsx'));
const SignedInPublicFlow = lazy(() =>
  import('../public-flows/PublicFlowGate.tsx').then((m) => ({ default: m.SignedInPublicFlow })),
);

/** Picks the screen of the current path from the modules the user may see; another role's path says so, an unknown one is not found. */
export function ScreenRouter() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const meta = useMeta();
  // a module's home (/app/home/<module>), which the navigation opens
  const home = meta.modules.find((m) => m.home?.path === pathname);
  if (home)
    return (
      <Suspense fallback={<p aria-busy="true">{t('shell.loading')}</p>}>
        <ModuleHome key={home.id} module={home} />
      </Suspense>
    );
  const screen = meta.modules.flatMap((m) => m.screens).find((s) => matchPath(s.path, pathname));
  if (!screen) {
    const elsewhere = meta.routes.find((r) => matchPath(r.path, pathname));
    // a colleague opening a review link while signed in answers it here
    if (elsewhere?.role === 'public' && elsewhere.component === 'PublicFlow')
      return (
        <Suspense fallback={<p aria-busy="true">{t('shell.loading')}</p>}>
          <SignedInPublicFlow path={elsewhere.path} />
        </Suspense>
      );
    return elsewhere ? <Forbidden /> : <NotFound />;
  }
  // a screen of a module home's tab (or a group's tile) shows under the home's tabs
  const inHome = homeOf(meta, screen.path);
  const shown = (
    <Suspense fallback={<p aria-busy="true">{t('shell.loading')}</p>}>
      <Screen key={screen.path} screen={screen} />
    </Suspense>
  );
  if (!inHome) return shown;
  return (
    <>
      <HomeTabs module={inHome.module} current={inHome.index} />
      <div role="tabpanel" aria-labelledby={`home-tab-${inHome.index}`}>
        {shown}
      </div>
    </>
  );
}

function Screen({ screen }: { screen: ScreenMeta }) {
  const meta = useMeta();
  const declared = screen.entity ? meta.entities.find((e) => e.name === screen.entity) : undefined;
  // a screen over a shared entity (operational scorecards over performance-scorecard) may name its own error titles
  const entity =
    declared && screen.errors ? { ...declared, errors: { ...declared.errors, ...screen.errors } } : declared;
  switch (screen.kind) {
    case 'redirect':
      return <Navigate to={screen.to!} replace />;
    case 'tabs':
      return <TabsScreen screen={screen} renderTab={(tab) => <Screen key={tab.path} screen={tab} />} />;
    case 'dashboard':
      return <DashboardScreen />;
    case 'custom': {
      const Custom = CUSTOM_SCREENS[screen.component!];
      return Custom ? <Custom screen={screen} /> : <NotFound />;
    }
    case 'list':
      return entity ? <ListScreen screen={screen} entity={entity} /> : <Forbidden />;
    case 'report':
      return entity ? <ReportScreen screen={screen} entity={entity} /> : <Forbidden />;
    case 'form':
    case 'detail':
      return entity ? <FormScreen screen={screen} entity={entity} /> : <Forbidden />;
    default:
      return <NotFound />;
  }
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { call } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { LANGUAGES, type Language } from '../i18n/i18n.ts';
import { chooseLanguage } from '../i18n/language-choice.ts';
import { useMeta } from '../meta/meta-context.tsx';
import type { ModuleMeta, ScreenMeta } from '../meta/meta-types.ts';
import { clearUser, type SessionUser } from '../session/session-store.ts';
import { updateLayout, useLayout } from '../theme/layout-settings.ts';
import { ErrorDialog } from './Dialogs.tsx';
import { ProgressBar } from './ProgressBar.tsx';
import { mayOpen, stepScreens } from './screen-access.ts';

/** A screen shows in the navigation when it is a place to go, not a step (forms and redirects are reached from lists). */
// a path with a parameter (/strategic-plan/:id/pillar) is reached from its parent, never from the navigation
// a tabbed screen stands for its tabs, which are reached through it
const inNavigation = (s: ScreenMeta, tabs: ReadonlySet<string>) =>
  (s.kind === 'list' || s.kind === 'custom' || s.kind === 'dashboard' || s.kind === 'report' || s.kind === 'tabs') &&
  !s.path.includes(':') &&
  !tabs.has(s.path);

export function screenLabel(s: ScreenMeta, entityLabel: (name: string) => string | undefined): string {
  return s.label ?? (s.entity ? (entityLabel(s.entity) ?? s.entity) : (s.component ?? s.path));
}

/** A module with more places than this (performance: inbox, set-up, reviews, reports) shows them in folding groups by area. */
const GROUPED_FROM = 30;

/** The screens by the area of their path (/app/<area>/…), in the order the areas first appear. */
function areasOf(screens: ScreenMeta[]): [string, ScreenMeta[]][] {
  const areas = new Map<string, ScreenMeta[]>();
  for (const s of screens) {
    const area = s.path.split('/')[2] ?? '';
    areas.set(area, [...(areas.get(area) ?? []), s]);
  }
  return [...areas];
}

function Navigation({ modules }: { modules: readonly ModuleMeta[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const meta = useMeta();
  const entityLabel = (name: string) => meta.entities.find((e) => e.name === name)?.label;
  // one entry per place: two paths to one screen (sage-employees, add-sage-employee; the spec's subordinate copies of
  // "Scorecards I supervise") show once
  const seen = new Set<string>();
  const placeOf = (s: ScreenMeta) =>
    s.component ?? JSON.stringify([s.kind, s.entity, s.preset, s.owner, s.source, s.report, s.label]);
  const tabs = new Set(modules.flatMap((m) => m.screens.flatMap((s) => s.tabs ?? [])));
  const steps = stepScreens(modules);
  return (
    <nav className="sidebar" aria-label={t('shell.navigation')}>
      {modules.map((m) => {
        const screens = m.screens.filter((s) => {
          const key = placeOf(s);
          return (
            inNavigation(s, tabs) && !steps.has(s.path) && mayOpen(meta, s) && !seen.has(key) && Boolean(seen.add(key))
          );
        });
        if (!screens.length) return null;
        const link = (s: ScreenMeta) => (
          <NavLink key={s.path} to={s.path} end>
            {t(screenLabel(s, entityLabel))}
          </NavLink>
        );
        return (
          <div key={m.id}>
            <h3>{t(m.label)}</h3>
            {screens.length <= GROUPED_FROM
              ? screens.map(link)
              : areasOf(screens).map(([area, inArea]) => (
                  // the group of the page shown is open; the others fold away until asked for
                  <details
                    key={area}
                    className="nav-group"
                    open={inArea.some((s) => pathname.startsWith(s.path)) || undefined}
                  >
                    <summary>
                      {t(`nav.${area.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}`, { defaultValue: area })}
                    </summary>
                    {inArea.map(link)}
                  </details>
                ))}
          </div>
        );
      })}
    </nav>
  );
}

export function Layout({ user, children }: { user: SessionUser; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const layout = useLayout();
  const meta = useMeta();
  const navigate = useNavigate();
  const { run } = useCall();
  const signOut = async () => {
    // The stored user goes first, so that calls still under way (a dashboard loading) find their 401 expected and stay
    // quiet; a failure of the sign-out itself is shown as { title: Sign Out Failed, message } (defect D15).
    const token = user.token;
    clearUser();
    await run('error.signOut', () => call('POST', 'auth/logout', undefined, undefined, token));
    navigate('/app/sessions/signIn');
  };
  return (
    <div className={`layout ${layout.sidebarOpen ? 'open' : 'closed'}`}>
      <ProgressBar />
      <header className="topbar">
        <button
          type="button"
          className="btn btn-ghost"
          aria-label={t('shell.toggleNavigation')}
          aria-expanded={layout.sidebarOpen}
          onClick={() => updateLayout({ sidebarOpen: !layout.sidebarOpen })}
        >
          ☰
        </button>
        <span className="brand">Stratum</span>
        <span className="spacer" />
        <label className="sr-only" htmlFor="language">
          {t('shell.language')}
        </label>
        <select
          id="language"
          className="input"
          style={{ width: 'auto' }}
          value={i18n.language}
          onChange={(e) => void chooseLanguage(e.target.value as Language)}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(`shell.language.${l}`)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn-ghost hide-narrow"
          onClick={() => updateLayout({ theme: layout.theme === 'dark' ? 'lite-purple' : 'dark' })}
        >
          {layout.theme === 'dark' ? t('shell.themeLight') : t('shell.themeDark')}
        </button>
        <button
          type="button"
          className="btn btn-ghost hide-narrow"
          onClick={() => updateLayout({ dir: layout.dir === 'rtl' ? 'ltr' : 'rtl' })}
        >
          {layout.dir === 'rtl' ? 'LTR' : 'RTL'}
        </button>
        <button
          type="button"
          className="btn btn-ghost hide-narrow"
          onClick={() =>
            updateLayout({ sidebar: layout.sidebar === 'large-sidebar' ? 'compact-sidebar' : 'large-sidebar' })
          }
        >
          {layout.sidebar === 'large-sidebar' ? t('shell.compactSidebar') : t('shell.largeSidebar')}
        </button>
        <span className="muted hide-narrow" data-testid="user-name">
          {[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email}
        </span>
        <button type="button" className="btn" onClick={signOut}>
          {t('shell.signOut')}
        </button>
      </header>
      <Navigation modules={meta.modules} />
      <main className="content" id="main">
        {children}
      </main>
      <ErrorDialog />
    </div>
  );
}

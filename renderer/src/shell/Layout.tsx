import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation, useNavigate } from 'react-router';
import { call } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { LANGUAGES, type Language } from '../i18n/i18n.ts';
import { chooseLanguage } from '../i18n/language-choice.ts';
import { useMeta } from '../meta/meta-context.tsx';
import type { ModuleMeta } from '../meta/meta-types.ts';
import { INBOX_PATH } from '../../../contract/meta-reply.ts';
import { clearUser, type SessionUser } from '../session/session-store.ts';
import { updateLayout, useLayout } from '../theme/layout-settings.ts';
import { ErrorDialog } from './Dialogs.tsx';
import { ProgressBar } from './ProgressBar.tsx';

/** The dashboard and the inbox stand first in the navigation, before the modules. */
const DASHBOARD = '/app/dashboard/main';
const INBOX = INBOX_PATH;

/**
 * The navigation by module and task: the module that holds the dashboard (its home opens on it), My inbox when the
 * caller has one, then one entry per module the caller may open, each opening its home. The module of the screen shown
 * is marked (a list or a record opened from its home too).
 */
function Navigation({ modules }: { modules: readonly ModuleMeta[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const homes = modules.filter((m) => m.home);
  const holdsDashboard = (m: ModuleMeta) => m.screens.some((s) => s.path === DASHBOARD);
  const ordered = [...homes.filter(holdsDashboard), ...homes.filter((m) => !holdsDashboard(m))];
  const inbox = modules.some((m) => m.screens.some((s) => s.path === INBOX));
  const onInbox = pathname === INBOX;
  const shows = (m: ModuleMeta) =>
    !onInbox && (pathname === m.home!.path || m.screens.some((s) => matchPath(s.path, pathname)));
  const entry = (m: ModuleMeta) => (
    <Link
      key={m.id}
      to={m.home!.path}
      className={shows(m) ? 'active' : undefined}
      aria-current={shows(m) ? 'page' : undefined}
      data-module={m.id}
    >
      {t(m.label)}
    </Link>
  );
  const [first, ...rest] = ordered;
  return (
    <nav className="sidebar" aria-label={t('shell.navigation')}>
      {first && entry(first)}
      {inbox && (
        <Link to={INBOX} className={onInbox ? 'active' : undefined} aria-current={onInbox ? 'page' : undefined}>
          {t('nav.myInbox')}
        </Link>
      )}
      {rest.map(entry)}
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
          {t(layout.dir === 'rtl' ? 'shell.leftToRight' : 'shell.rightToLeft')}
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

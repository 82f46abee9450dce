import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMeta } from '../meta/meta-context.tsx';
import type { HomeTab, Meta, ModuleMeta } from '../meta/meta-types.ts';
import { screenTitle } from './screen-title.ts';
import { rememberTab } from './tab-memory.ts';

/** Where a home tab leads: its screen's own address, or the home showing the group. */
export const tabAddress = (m: ModuleMeta, tab: HomeTab, index: number) =>
  'path' in tab ? tab.path : `${m.home!.path}?tab=${index}`;

/**
 * The module home and tab a screen stands in, if any: the tab that is the screen, else the group tab holding it as a
 * tile (a screen may be both: the audit trackers' dashboard tiles the issue tracker, which has its own tab).
 */
export function homeOf(meta: Meta, path: string): { module: ModuleMeta; index: number } | undefined {
  const holds = [
    (t: HomeTab) => 'path' in t && t.path === path,
    (t: HomeTab) => !('path' in t) && t.screens.includes(path),
  ];
  for (const test of holds)
    for (const module of meta.modules) {
      const index = (module.home?.tabs ?? []).findIndex(test);
      if (index >= 0) return { module, index };
    }
  return undefined;
}

/**
 * A module home's tab bar, above the screen of the open tab: each tab is an address of its own (a list's, a report's;
 * a group's on the home), so a reload, Back and a form's return keep the tab; the tab chosen is remembered for the
 * session, and the navigation's entry opens it again.
 */
export function HomeTabs({ module, current }: { module: ModuleMeta; current: number }) {
  const { t } = useTranslation();
  const meta = useMeta();
  const navigate = useNavigate();
  const home = module.home!;
  const title = (tab: HomeTab) => {
    if (!('path' in tab)) return t(tab.label);
    const screen = meta.modules.flatMap((m) => m.screens).find((s) => s.path === tab.path);
    return t(screen ? screenTitle(meta, screen) : tab.path);
  };
  return (
    <div data-screen="module-home" data-module={module.id}>
      <p className="home-module muted">{t(module.label)}</p>
      <div className="tab-bar" role="tablist" aria-label={t(module.label)}>
        {home.tabs.map((tab, i) => (
          <button
            key={'path' in tab ? tab.path : tab.label}
            type="button"
            role="tab"
            id={`home-tab-${i}`}
            aria-selected={i === current}
            data-path={'path' in tab ? tab.path : undefined}
            className={i === current ? 'tab active' : 'tab'}
            onClick={() => {
              rememberTab(home.path, i);
              navigate(tabAddress(module, tab, i));
            }}
          >
            {title(tab)}
          </button>
        ))}
      </div>
    </div>
  );
}

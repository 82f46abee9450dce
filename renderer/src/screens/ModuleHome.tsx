import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMeta } from '../meta/meta-context.tsx';
import type { HomeTab, ModuleMeta, ScreenMeta } from '../meta/meta-types.ts';
import { HomeGroup } from './HomeGroup.tsx';
import { screenTitle } from './screen-title.ts';
import { rememberedTab, rememberTab } from './tab-memory.ts';

/**
 * A module's home, the place the navigation opens for it: its tabs as the module declares them (/meta sends only the
 * tabs the caller may open), the open one remembered for the session. A tab shows its screen in place, or a group's
 * screens as tiles that open them.
 */
export default function ModuleHome({
  module,
  renderTab,
}: {
  module: ModuleMeta;
  renderTab: (screen: ScreenMeta) => ReactNode;
}) {
  const { t } = useTranslation();
  const meta = useMeta();
  const home = module.home!;
  const screens = new Map(meta.modules.flatMap((m) => m.screens.map((s) => [s.path, s] as const)));
  const tabs = home.tabs.filter((tab) => !('path' in tab) || screens.has(tab.path));
  const [open, setOpen] = useState(() => rememberedTab(home.path, tabs.length));
  const choose = (i: number) => {
    rememberTab(home.path, i);
    setOpen(i);
  };
  const title = (tab: HomeTab) => t('path' in tab ? screenTitle(meta, screens.get(tab.path)!) : tab.label);
  const current = tabs[open];
  return (
    <section data-screen="module-home" data-module={module.id}>
      <h1>{t(module.label)}</h1>
      <div className="tab-bar" role="tablist" aria-label={t(module.label)}>
        {tabs.map((tab, i) => (
          <button
            key={'path' in tab ? tab.path : tab.label}
            type="button"
            role="tab"
            id={`home-tab-${i}`}
            aria-selected={i === open}
            aria-controls="home-tab-panel"
            className={i === open ? 'tab active' : 'tab'}
            onClick={() => choose(i)}
          >
            {title(tab)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="home-tab-panel" aria-labelledby={`home-tab-${open}`}>
        {current &&
          ('path' in current ? (
            <div key={current.path}>{renderTab(screens.get(current.path)!)}</div>
          ) : (
            <HomeGroup
              key={current.label}
              screens={current.screens.map((p) => screens.get(p)).filter((s): s is ScreenMeta => !!s)}
            />
          ))}
      </div>
    </section>
  );
}

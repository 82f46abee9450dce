import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMeta } from '../meta/meta-context.tsx';
import type { ScreenMeta } from '../meta/meta-types.ts';
import { rememberedTab, rememberTab } from './tab-memory.ts';

/** A tabbed area (compliance, contracts, …): its tabs are other screens, shown in place; `renderTab` draws one. */
export default function TabsScreen({
  screen,
  renderTab,
}: {
  screen: ScreenMeta;
  renderTab: (tab: ScreenMeta) => ReactNode;
}) {
  const { t } = useTranslation();
  const meta = useMeta();
  const all = meta.modules.flatMap((m) => m.screens);
  // tabs the user may not see (another module's, another role's) are not in /meta and so not shown
  const tabs = (screen.tabs ?? []).map((path) => all.find((s) => s.path === path)).filter((s): s is ScreenMeta => !!s);
  const [open, setOpen] = useState(() => rememberedTab(screen.path, tabs.length));
  const choose = (i: number) => {
    rememberTab(screen.path, i);
    setOpen(i);
  };
  const title = (s: ScreenMeta) => t(s.label ?? meta.entities.find((e) => e.name === s.entity)?.label ?? s.path);
  const current = tabs[open];
  return (
    <section data-screen="tabs">
      {screen.label && <h1>{t(screen.label)}</h1>}
      <div className="tab-bar" role="tablist">
        {tabs.map((s, i) => (
          <button
            key={s.path}
            type="button"
            role="tab"
            id={`tab-${i}`}
            aria-selected={i === open}
            aria-controls="tab-panel"
            className={i === open ? 'tab active' : 'tab'}
            onClick={() => choose(i)}
          >
            {title(s)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="tab-panel" aria-labelledby={`tab-${open}`}>
        {current && renderTab(current)}
      </div>
    </section>
  );
}

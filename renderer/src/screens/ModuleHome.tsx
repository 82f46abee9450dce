import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useMeta } from '../meta/meta-context.tsx';
import type { ModuleMeta, ScreenMeta } from '../meta/meta-types.ts';
import { HomeGroup } from './HomeGroup.tsx';
import { HomeTabs, tabAddress } from './HomeTabs.tsx';
import { rememberedTab } from './tab-memory.ts';

/**
 * A module's home, where the navigation's entry leads (/app/home/<module>): the tab remembered for the session (the
 * first on a new one), or the one the address names (?tab=). A screen's tab opens at the screen's own address, under
 * the home's tabs; a group's tab shows its screens as tiles here. /meta sends only the tabs the caller may open.
 */
export default function ModuleHome({ module }: { module: ModuleMeta }) {
  const { t } = useTranslation();
  const meta = useMeta();
  const [params] = useSearchParams();
  const home = module.home!;
  const asked = Number(params.get('tab'));
  const index =
    params.has('tab') && Number.isInteger(asked) && asked >= 0 && asked < home.tabs.length
      ? asked
      : rememberedTab(home.path, home.tabs.length);
  const tab = home.tabs[index]!;
  if ('path' in tab) return <Navigate to={tabAddress(module, tab, index)} replace />;
  const screens = new Map(meta.modules.flatMap((m) => m.screens.map((s) => [s.path, s] as const)));
  return (
    <section>
      <HomeTabs module={module} current={index} />
      <div role="tabpanel" aria-labelledby={`home-tab-${index}`}>
        <h1>{t(tab.label)}</h1>
        <HomeGroup
          key={tab.label}
          screens={tab.screens.map((p) => screens.get(p)).filter((s): s is ScreenMeta => !!s)}
        />
      </div>
    </section>
  );
}

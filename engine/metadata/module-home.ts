import { INBOX_PATH, type HomeTab, type ModuleHomeShape } from '../../contract/meta-reply.ts';
import type { KeyCheck } from './i18n-key-check.ts';
import type { MetadataFault } from './metadata-error.ts';
import { kebabToCamel } from './naming.ts';
import type { EntityDef, ModuleDef, ModuleMeta } from './registry.ts';

type Screen = ModuleDef['screens'][number];

/** A default home with more navigable screens than this groups them by the area of their paths. */
const FLAT_UP_TO = 8;

export const homePath = (moduleId: string) => `/app/home/${moduleId}`;

/** The kinds of screen that are places to go (the others are steps: forms, redirects). */
const PLACE_KINDS: ReadonlySet<string> = new Set(['list', 'custom', 'dashboard', 'report', 'tabs']);

/**
 * The screens that are places to go, not steps: lists, reports, custom, dashboard and tabs screens without a route
 * parameter (those open from their parent record), that are neither a tab of a tabs screen (reached through it) nor
 * another list's add or edit form (reached from that list). My inbox stands in the navigation itself.
 */
export function navigableScreens(screens: readonly Screen[]): Screen[] {
  const tabs = new Set(screens.flatMap((s) => s.tabs ?? []));
  const steps = new Set(screens.flatMap((s) => [s.add, s.edit].filter((p): p is string => !!p)));
  return screens.filter(
    (s) =>
      PLACE_KINDS.has(s.kind) &&
      !s.path.includes(':') &&
      s.path !== INBOX_PATH &&
      !tabs.has(s.path) &&
      !steps.has(s.path),
  );
}

/** What a screen shows, whatever its path: two paths to one place (the spec's subordinate copies of a list) are one place. */
export const placeOf = (s: Screen) =>
  s.component ?? JSON.stringify([s.kind, s.entity, s.preset, s.owner, s.source, s.report, s.label]);

/** The first screen of each place, in declared order. */
function onePerPlace(screens: readonly Screen[]): Screen[] {
  const seen = new Set<string>();
  return screens.filter((s) => !seen.has(placeOf(s)) && Boolean(seen.add(placeOf(s))));
}

/** The area of a path (/app/<area>/…), whose group is labelled nav.<area>. */
const areaLabel = (path: string) => `nav.${kebabToCamel(path.split('/')[2] ?? '')}`;

/**
 * A module's home: the tabs it declares, else one tab per navigable place, grouped by area beyond eight when they lie in several areas (so that a
 * new module needs no declaration to be reachable). A public module, whose pages are opened from mailed links, has none.
 */
export function moduleHome(m: ModuleMeta, screens: readonly Screen[]): ModuleHomeShape | undefined {
  if ((m.role ?? 'employee') === 'public') return undefined;
  const path = homePath(m.id);
  if (m.home) return { path, tabs: m.home.tabs.map((t) => (typeof t === 'string' ? { path: t } : t)) };
  const places = onePerPlace(navigableScreens(screens));
  if (places.length <= FLAT_UP_TO) return { path, tabs: places.map((s) => ({ path: s.path })) };
  const areas = new Map<string, string[]>();
  for (const s of places) areas.set(areaLabel(s.path), [...(areas.get(areaLabel(s.path)) ?? []), s.path]);
  // one area is no grouping, and an area of one place is that place's tab
  if (areas.size === 1) return { path, tabs: places.map((s) => ({ path: s.path })) };
  return {
    path,
    tabs: [...areas].map(([label, paths]) => (paths.length === 1 ? { path: paths[0]! } : { label, screens: paths })),
  };
}

/** The screen paths a home tab opens. */
export const tabScreens = (t: HomeTab): readonly string[] => ('path' in t ? [t.path] : t.screens);

/**
 * Each module's home against its screens: every tab and group names a screen of the module that is a place to go
 * (not a form, a redirect or a path with a parameter); group labels are texts; every navigable place of the
 * module is in the home (as a tab, in a group or among a tabs screen's tabs; a tabs screen whose
 * tabs all are is stood for by the home) or in `inRecords`, whose lists each show
 * an entity that is a child of another (so its records are reached from their parent's record).
 */
export function checkModuleHomes(
  moduleFiles: readonly { readonly file: string; readonly data: ModuleMeta }[],
  modules: ReadonlyMap<string, ModuleDef>,
  entities: ReadonlyMap<string, EntityDef>,
  faults: MetadataFault[],
  key: KeyCheck,
): void {
  const children = new Set([...entities.values()].flatMap((e) => e.children.map((c) => c.entity)));
  for (const mf of moduleFiles) {
    const m = modules.get(mf.data.id);
    if (!m?.home) continue;
    const byPath = new Map(m.screens.map((s) => [s.path, s]));
    const placed = new Set<string>();
    const fault = (pointer: string, message: string) => faults.push({ file: mf.file, pointer, message });
    const place = (path: string, pointer: string) => {
      const s = byPath.get(path);
      if (!s) return fault(pointer, `"${path}" is not a screen of the module`);
      if (!PLACE_KINDS.has(s.kind) || path.includes(':'))
        return fault(
          pointer,
          `"${path}" is a ${s.kind} screen${path.includes(':') ? ' with a parameter' : ''}: a home opens lists, reports, charts and tabs screens`,
        );
      placed.add(path);
      for (const tab of s.tabs ?? []) placed.add(tab);
    };
    const declared = mf.data.home;
    m.home.tabs.forEach((t, i) => {
      if ('path' in t) return place(t.path, `/home/tabs/${i}`);
      key(mf.file, `/home/tabs/${i}/label`, t.label);
      t.screens.forEach((p, j) => place(p, `/home/tabs/${i}/screens/${j}`));
    });
    (declared?.inRecords ?? []).forEach((path, i) => {
      const s = byPath.get(path);
      if (s?.kind !== 'list' || !s.entity || !children.has(s.entity))
        fault(`/home/inRecords/${i}`, `"${path}" is not a list of the module over an entity that is another's child`);
      else placed.add(path);
    });
    // a tabs screen whose tabs the home shows itself (the home stands for it)
    for (const s of m.screens) if (s.tabs?.every((tab) => placed.has(tab))) placed.add(s.path);
    const placedPlaces = new Set([...placed].map((p) => placeOf(byPath.get(p)!)));
    for (const s of navigableScreens(m.screens))
      if (!placed.has(s.path) && !placedPlaces.has(placeOf(s)))
        fault('/home', `"${s.path}" has no place: name it in a tab, a group or inRecords`);
  }
}

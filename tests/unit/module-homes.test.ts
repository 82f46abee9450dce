import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hooks } from '../../engine/hooks/index.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import { MetadataError } from '../../engine/metadata/metadata-error.ts';
import { ROOT } from '../../server/boot.ts';
import { copyMetadata, editJson } from '../support/metadata-copy.ts';

type Home = { tabs: (string | { label: string; screens: string[] })[]; inRecords?: string[] };

/** The faults of the metadata in `dir`, each as "file#pointer message". */
const faultsOf = (dir: string) => {
  try {
    loadRegistry(dir, hooks);
  } catch (e) {
    if (e instanceof MetadataError)
      return e.faults.map((f) => `${f.file.replace(/.*metadata\//, 'metadata/')}#${f.pointer} ${f.message}`);
    throw e;
  }
  return [];
};

const editHome = (d: string, module: string, edit: (home: Home) => void) =>
  editJson(join(d, `modules/${module}/module.json`), (m) => edit(m.home));

describe('module homes', () => {
  it('gives a module its declared tabs, and one that declares none a tab per place to go', () => {
    const r = loadRegistry(join(ROOT, 'metadata'), hooks);
    const risk = r.modules.get('risk-management')!.home!;
    expect(risk.path).toBe('/app/home/risk-management');
    expect(risk.tabs[0]).toEqual({ path: '/app/risk-management/main' });
    expect(risk.tabs.find((t) => 'label' in t && t.label === 'nav.riskSettings')).toMatchObject({
      screens: expect.arrayContaining(['/app/risk-management/settings/risk-matrix']),
    });
    // strategic plans declare no home: its four lists, each a tab; forms and parameter paths are no place to go
    expect(r.modules.get('strategic')!.home!.tabs).toEqual([
      { path: '/app/strategic/list' },
      { path: '/app/strategic/scorecards' },
      { path: '/app/strategic/perspectives' },
      { path: '/app/strategic/rating-scales' },
    ]);
    // pages of mailed links have no home
    expect(r.modules.get('survey-review')!.home).toBeUndefined();
    expect(faultsOf(join(ROOT, 'metadata'))).toEqual([]);
  });

  it.each([
    [
      'a place to go left out of the home',
      (d: string) =>
        editHome(d, 'risk-management', (h) => (h.tabs = h.tabs.filter((t) => t !== '/app/risk-management/my-risks'))),
      /risk-management\/module.json#\/home "\/app\/risk-management\/my-risks" has no place: name it in a tab, a group or inRecords/,
    ],
    [
      "another module's screen as a tab",
      (d: string) => editHome(d, 'risk-management', (h) => h.tabs.push('/app/projects/main')),
      /risk-management\/module.json#\/home\/tabs\/7 "\/app\/projects\/main" is not a screen of the module/,
    ],
    [
      'a form in a group',
      (d: string) =>
        editHome(d, 'compliance-management', (h) =>
          h.tabs.push({ label: 'nav.reports', screens: ['/app/compliance-management/add-category'] }),
        ),
      /compliance-management\/module.json#\/home\/tabs\/9\/screens\/0 "\/app\/compliance-management\/add-category" is a form screen/,
    ],
    [
      'a group label without its text',
      (d: string) =>
        editHome(d, 'projects', (h) => h.tabs.push({ label: 'nav.noSuchGroup', screens: ['/app/projects/main'] })),
      /projects\/module.json#\/home\/tabs\/7\/label names the i18n key "nav.noSuchGroup"/,
    ],
    [
      "a top-level list given no place as if it were a record's children",
      (d: string) =>
        editHome(d, 'projects', (h) => {
          h.tabs = h.tabs.filter((t) => t !== '/app/projects/main');
          h.inRecords!.push('/app/projects/main');
        }),
      /projects\/module.json#\/home\/inRecords\/2 "\/app\/projects\/main" is not a list of the module over an entity that is another's child/,
    ],
  ])('refuses %s', (_name, edit, expected) => {
    const dir = copyMetadata();
    edit(dir);
    expect(faultsOf(dir).join('\n')).toMatch(expected);
  });
});

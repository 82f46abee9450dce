import type { EntityMeta, Meta, ScreenMeta } from '../meta/meta-types.ts';

/** Whether a form screen adds or edits: declared, else read from its path. */
export const formMode = (s: ScreenMeta): 'add' | 'edit' => s.mode ?? (/edit/i.test(s.path) ? 'edit' : 'add');

/**
 * The screens the user can reach for an entity: its list, its add form and its edit form; those of the module `near` is
 * in first, and among them those about the same people as `near` (its `owner`), then those about no one in particular.
 */
export function screensOf(
  meta: Meta,
  entity: string,
  near?: ScreenMeta,
): { list?: ScreenMeta; add?: ScreenMeta; edit?: ScreenMeta } {
  // an entity may have screens in several modules (quarters in annual set-up and in the organisational survey): those
  // of the module the user is in come first
  const home = near && meta.modules.find((m) => m.screens.includes(near));
  const modules = home ? [home, ...meta.modules.filter((m) => m !== home)] : meta.modules;
  // a form about whose records it is (`owner`: the caller's own, filled in and not asked for) fits a screen about the
  // same people: a list of one's reports adds through a form that asks whom for, not through "my" form
  const distance = (s: ScreenMeta) => (s.owner === near?.owner ? 0 : s.owner ? 2 : 1);
  const screens = modules
    .flatMap((m) => m.screens)
    .filter((s) => s.entity === entity)
    .map((s, i) => ({ s, i }))
    .sort((a, b) => distance(a.s) - distance(b.s) || a.i - b.i)
    .map(({ s }) => s);
  return {
    list: screens.find((s) => s.kind === 'list'),
    add: screens.find((s) => s.kind === 'form' && formMode(s) === 'add'),
    edit: screens.find((s) => s.kind === 'form' && formMode(s) === 'edit'),
  };
}

/** The screen at a path, as a list's declared add or edit names it (a bare path where no screen is declared there). */
export const screenAt = (meta: Meta, path: string): ScreenMeta =>
  meta.modules.flatMap((m) => m.screens).find((x) => x.path === path) ?? ({ path } as ScreenMeta);

/**
 * Where a list adds and opens its records: the forms it declares (the audit's customer satisfaction surveys: the form
 * that adds and sends, the survey with its answers), else the entity's own.
 */
export function listForms(meta: Meta, list: ScreenMeta | undefined, own: { add?: ScreenMeta; edit?: ScreenMeta }) {
  return {
    add: list?.add ? screenAt(meta, list.add) : own.add,
    edit: list?.edit ? screenAt(meta, list.edit) : own.edit,
  };
}

/** Fields a person fills in: not computed, not read-only, not the workflow's state. */
export const editableFields = (e: EntityMeta) =>
  Object.entries(e.schema.properties).filter(
    ([name, f]) => !f['x-computed'] && !f.readOnly && name !== e.workflow?.stateField,
  );

/** The fields a record of the entity needs beyond its schema's required ones, for the values a form holds (requiredWhen rules; a value not given counts as its default). */
export const requiredNow = (e: EntityMeta, values: Record<string, unknown>): string[] =>
  (e.requiredWhen ?? [])
    .filter((r) =>
      Object.entries(r.when).every(([name, allowed]) =>
        allowed.includes((values[name] ?? e.schema.properties[name]?.default) as string | number | boolean),
      ),
    )
    .map((r) => r.field);

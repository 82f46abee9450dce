import type { MetadataFault } from './metadata-error.ts';
import { OWNER_ROLE_WITHOUT_OWNER } from './owner-roles.ts';
import type { EntityDef, EntityMeta, FieldDef, InboxKindDef, ModuleDef, Role } from './registry.ts';
import { TITLE_FIELDS } from './title-field.ts';

/** The `{field}` placeholders of an inbox screen: the record's values the link carries. */
export const screenPlaceholders = (screen: string): string[] =>
  [...screen.matchAll(/\{([a-zA-Z][A-Za-z0-9]*)\}/g)].map((m) => m[1]!);

/**
 * The entity's inbox kinds, each checked against its own fields: stored fields in `when`, roles decided by the record
 * (an inbox names a person, never "every employee"), a stored date, annual plan reference, quarter and type field, the
 * screen's placeholders. The title defaults to the entity's title field; what other files decide (the screen, a title
 * through a reference) is checked on the whole by `checkInbox`.
 */
export function inboxOf(
  m: EntityMeta,
  field: ReadonlyMap<string, FieldDef>,
  file: string,
  faults: MetadataFault[],
): InboxKindDef[] {
  const stored = (name: string) => name === 'id' || (field.has(name) && !field.get(name)!.computed);
  return (m.inbox ?? []).map((k, i) => {
    const pointer = `/inbox/${i}`;
    const fault = (at: string, message: string) => faults.push({ file, pointer: `${pointer}${at}`, message });
    for (const f of Object.keys(k.when)) if (!stored(f)) fault('/when', `names "${f}", which is not a stored field`);
    for (const role of k.who) {
      if (!/^(self|supervisor|field:|member:)/.test(role))
        fault('/who', `${role} is not decided by the record; name self, supervisor, field:… or member:…`);
      if ((role === 'self' || role === 'supervisor') && m.owner === undefined) fault('/who', OWNER_ROLE_WITHOUT_OWNER);
      if (role.startsWith('field:') && field.get(role.slice(6))?.ref !== 'employee')
        fault('/who', `${role} must name a reference to employee`);
    }
    // createdAt: when the record came to be, for an item whose record holds no other date (a task: when it reached them)
    if (
      k.date !== undefined &&
      k.date !== 'createdAt' &&
      !(stored(k.date) && field.get(k.date)!.format?.startsWith('date'))
    )
      fault('/date', `names "${k.date}", which is not a stored date field or createdAt`);
    if (k.person !== undefined && !(stored(k.person) && field.get(k.person)!.ref === 'employee'))
      fault('/person', `names "${k.person}", which is not a stored reference to employee`);
    if (k.annualPlan !== undefined && field.get(k.annualPlan)?.ref !== 'annual-plan')
      fault('/annualPlan', `names "${k.annualPlan}", which is not a reference to annual-plan`);
    for (const at of ['quarter', 'type'] as const)
      if (k[at] !== undefined && !stored(k[at]!)) fault(`/${at}`, `names "${k[at]}", which is not a stored field`);
    for (const f of screenPlaceholders(k.screen))
      if (!stored(f)) fault('/screen', `names {${f}}, which is not a stored field`);
    const title = k.title === undefined ? [TITLE_FIELDS.find((f) => field.has(f)) ?? 'id'] : [k.title].flat();
    for (const one of title) {
      const [ref, through] = one.split('.');
      if (!stored(ref!) || (through !== undefined && !field.get(ref!)!.ref))
        fault('/title', `names "${one}", which is not a stored field or <reference>.<field>`);
    }
    return {
      kind: k.kind,
      area: k.area,
      when: k.when as InboxKindDef['when'],
      who: k.who as Role[],
      screen: k.screen,
      title,
      date: k.date,
      person: k.person,
      annualPlan: k.annualPlan,
      quarter: k.quarter,
      type: k.type,
    };
  });
}

/** A screen path matches a link: the same segments, a `{field}` of the link or a `:param` of the screen matching any. */
const sameScreen = (link: string, path: string) => {
  const a = link.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((s, i) => s === b[i] || s.includes('{') || b[i]!.startsWith(':'));
};

/**
 * What no single entity file decides: every inbox kind is declared once, opens a screen some module declares, and a
 * title through a reference names a field of the referenced entity.
 */
export function checkInbox(
  entities: ReadonlyMap<string, EntityDef>,
  modules: ReadonlyMap<string, ModuleDef>,
  faults: MetadataFault[],
): void {
  const seen = new Map<string, string>();
  const paths = [...modules.values()].flatMap((m) => m.screens.map((s) => s.path));
  for (const e of entities.values())
    e.inbox.forEach((k, i) => {
      const fault = (at: string, message: string) =>
        faults.push({ file: e.source, pointer: `/inbox/${i}${at}`, message });
      if (seen.has(k.kind)) fault('/kind', `"${k.kind}" is already an inbox kind of ${seen.get(k.kind)}`);
      seen.set(k.kind, e.name);
      if (!paths.some((p) => sameScreen(k.screen.split('?')[0]!, p)))
        fault('/screen', `"${k.screen}" is not a screen of any module`);
      for (const one of k.title) {
        const [ref, through] = one.split('.');
        const target = through !== undefined ? entities.get(e.field.get(ref!)?.ref ?? '') : undefined;
        if (through !== undefined && !target?.field.has(through))
          fault('/title', `"${through}" is not a field of the entity "${ref}" references`);
      }
    });
}

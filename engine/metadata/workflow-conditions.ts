import { NOTICE_TEMPLATES } from '../mail/mail-templates.ts';
import type { MetadataFault } from './metadata-error.ts';
import { createAjv } from './schema-validator.ts';
import type { EntityDef, FieldDef, Role, WorkflowMeta } from './registry.ts';
import type { Condition, FieldCondition } from '../generated/metadata/workflow.ts';

type Transition = WorkflowMeta['transitions'][number];
export type KeyCheck = (file: string, pointer: string, k: string | undefined) => void;

/** Roles that name nobody in particular: a notice goes to people the record names. */
const NOBODY_IN_PARTICULAR = new Set(['holder', 'employee', 'employee:anyModuleAdmin', 'public', 'unowned']);

const ajv = createAjv();

/**
 * Checks the conditions (`when`) and effects (`stamp`, `set`, `notify`) of a workflow's transitions against the entity
 * they act on, so that a name the data gets wrong fails the start and `npm run check` with the file and JSON pointer,
 * not a transition at run time: every field, reference path, child collection, state value and mail text they name
 * exists, a stamp fits its field (the caller into a reference to employee, now into a date), and a constant is one
 * its field's schema takes. (The roles they name are checked with every other role, engine/metadata/relationship-roles.ts.)
 */
export function checkTransitionRules(
  file: string,
  wf: WorkflowMeta,
  entity: EntityDef,
  entities: ReadonlyMap<string, EntityDef>,
  faults: MetadataFault[],
  key: KeyCheck,
): void {
  wf.transitions.forEach((t, i) => {
    const p = `/transitions/${i}`;
    (t.when ?? []).forEach((c, j) => checkCondition(file, `${p}/when/${j}`, c, entity, entities, faults, key));
    for (const [name, what] of Object.entries(t.stamp ?? {})) {
      const at = `${p}/stamp/${name}`;
      const f = writable(file, at, name, wf, entity, faults);
      if (!f) continue;
      if (what === 'caller' && f.ref !== 'employee')
        faults.push({
          file,
          pointer: at,
          message: `"${name}" takes the caller, so it must be a reference to employee`,
        });
      if (what === 'now' && f.format !== 'date' && f.format !== 'date-time')
        faults.push({ file, pointer: at, message: `"${name}" takes now, so it must be a date or date-time field` });
    }
    for (const [name, value] of Object.entries(t.set ?? {})) {
      const at = `${p}/set/${name}`;
      const f = writable(file, at, name, wf, entity, faults);
      if (!f) continue;
      if (value === null ? f.required : !ajv.validate(f.schema, value))
        faults.push({ file, pointer: at, message: `${JSON.stringify(value)} is not a value "${name}" takes` });
      if (t.stamp?.[name]) faults.push({ file, pointer: at, message: `"${name}" is also stamped` });
    }
    for (const [r, at] of transitionRuleRoles(t, i))
      if (!entity.owner && (r === 'self' || r === 'supervisor' || r === 'unowned'))
        faults.push({
          file,
          pointer: at,
          message: 'names the role self, supervisor or unowned, which needs the entity to declare its owner',
        });
    (t.notify ?? []).forEach((n, j) => {
      const at = `${p}/notify/${j}`;
      if (!(NOTICE_TEMPLATES as readonly string[]).includes(n.mail))
        faults.push({
          file,
          pointer: `${at}/mail`,
          message: `"${n.mail}" is not a mail template a notice fills (${NOTICE_TEMPLATES.join(', ')})`,
        });
      for (const r of n.to)
        if (NOBODY_IN_PARTICULAR.has(r))
          faults.push({
            file,
            pointer: `${at}/to`,
            message: `${r} names nobody in particular; name self, supervisor, field:…, member:… or employee:moduleAdmin`,
          });
      key(file, `${at}/subject`, n.subject);
    });
  });
}

/** Every role the conditions and notices of a transition name, with its JSON pointer (for the role checks). */
export function transitionRuleRoles(t: Transition, i: number): [Role, string][] {
  const out = conditionRoles(t.when, `/transitions/${i}/when`);
  (t.notify ?? []).forEach((n, j) => n.to.forEach((r) => out.push([r as Role, `/transitions/${i}/notify/${j}/to`])));
  return out;
}

/** Every role a list of conditions (`when` at `pointer`) names, with its JSON pointer. */
export function conditionRoles(when: readonly Condition[] | undefined, pointer: string): [Role, string][] {
  const out: [Role, string][] = [];
  const walk = (c: Condition, at: string) => {
    if ('role' in c) for (const r of c.role) out.push([r as Role, `${at}/role`]);
    if ('anyOf' in c) c.anyOf.forEach((x, j) => walk(x, `${at}/anyOf/${j}`));
  };
  (when ?? []).forEach((c, j) => walk(c, `${pointer}/${j}`));
  return out;
}

/** A stored field an effect may write: not the state, which the transition itself moves. */
function writable(
  file: string,
  pointer: string,
  name: string,
  wf: WorkflowMeta,
  entity: EntityDef,
  faults: MetadataFault[],
): FieldDef | undefined {
  const f = entity.field.get(name);
  if (!f || f.computed) faults.push({ file, pointer, message: `"${name}" is not a stored field of ${entity.name}` });
  else if (name === wf.stateField)
    faults.push({ file, pointer, message: `"${name}" is the state field: the transition's "to" sets it` });
  else return f;
  return undefined;
}

/** The field a path names: a stored field of the record, or of the record one of its references names ("engagementId.status"). */
export function fieldAt(entity: EntityDef, entities: ReadonlyMap<string, EntityDef>, path: string): FieldDef | string {
  const [first, second] = path.split('.');
  const f = entity.field.get(first);
  if (!f || f.computed) return `"${first}" is not a stored field of ${entity.name}`;
  if (second === undefined) return f;
  const target = f.ref ? entities.get(f.ref) : undefined;
  if (!target) return `"${first}" is not a reference, so "${path}" names nothing`;
  const g = target.field.get(second);
  if (!g || g.computed) return `"${second}" is not a stored field of ${target.name}`;
  return g;
}

/** Checks one condition (and those of its anyOf) against the entity it is judged on. */
export function checkCondition(
  file: string,
  pointer: string,
  c: Condition,
  entity: EntityDef,
  entities: ReadonlyMap<string, EntityDef>,
  faults: MetadataFault[],
  key: KeyCheck,
): void {
  const fault = (at: string, message: string): void => void faults.push({ file, pointer: `${pointer}${at}`, message });
  key(file, `${pointer}/message`, c.message);
  if ('field' in c) {
    const f = fieldAt(entity, entities, c.field);
    if (typeof f === 'string') return fault('/field', f);
    const given = ['value', 'otherField', 'today'].filter((k) => k in c);
    if (given.length !== 1)
      return fault(
        '',
        `compares "${c.field}" with one of value, otherField or today; it names ${given.length ? given.join(' and ') : 'none'}`,
      );
    const list = c.op === 'in' || c.op === 'notIn';
    if ('value' in c) {
      if (list !== Array.isArray(c.value))
        return fault('/value', list ? `${c.op} takes a list of values` : `${c.op} takes one value, not a list`);
      if (c.value === null && c.op !== 'eq' && c.op !== 'ne')
        return fault('/value', `null is compared by eq or ne only`);
      for (const v of Array.isArray(c.value) ? c.value : c.value === null ? [] : [c.value]) {
        const bad = valueFault(f, v);
        if (bad) fault('/value', bad);
      }
    } else if (list) fault('/op', `${c.op} takes a list of values`);
    if ('otherField' in c) {
      const g = fieldAt(entity, entities, c.otherField!);
      if (typeof g === 'string') fault('/otherField', g);
      else if (kindOf(g) !== kindOf(f))
        fault('/otherField', `"${c.otherField}" is not of the kind of "${c.field}" (${kindOf(f)})`);
    }
    if ('today' in c && kindOf(f) !== 'date')
      fault('/field', `"${c.field}" is compared with today, so it must be a date or date-time field`);
  } else if ('present' in c) {
    c.present.forEach((name, j) => {
      const f = fieldAt(entity, entities, name);
      if (typeof f === 'string') fault(`/present/${j}`, f);
    });
  } else if ('children' in c) {
    const child = entity.children.find((x) => x.key === c.children);
    const target = child && entities.get(child.entity);
    if (!target)
      return fault(
        '/children',
        `"${c.children}" is not a child collection of ${entity.name} (${entity.children.map((x) => x.key).join(', ') || 'none'})`,
      );
    checkCounted(c, target, fault);
  } else if ('records' in c) {
    const target = entities.get(c.records);
    if (!target) return fault('/records', `names the unknown entity "${c.records}"`);
    for (const [theirs, ours] of Object.entries(c.match)) {
      const f = target.field.get(theirs);
      const g = entity.field.get(ours!);
      if (!f || f.computed) fault(`/match/${theirs}`, `"${theirs}" is not a stored field of ${target.name}`);
      else if (!g || g.computed) fault(`/match/${theirs}`, `"${ours}" is not a stored field of ${entity.name}`);
      else if (kindOf(f) !== kindOf(g) || (f.ref ?? null) !== (g.ref ?? null))
        fault(
          `/match/${theirs}`,
          `"${theirs}" of ${target.name} and "${ours}" of ${entity.name} hold different things`,
        );
    }
    checkCounted(c, target, fault);
  } else if ('anyOf' in c)
    c.anyOf.forEach((x, j) => checkCondition(file, `${pointer}/anyOf/${j}`, x, entity, entities, faults, key));
}

/** The count or every of a children or related-records condition, and the fields and values they and its where name. */
function checkCounted(
  c: { count?: unknown; every?: FieldCondition; where?: FieldCondition },
  target: EntityDef,
  fault: (at: string, message: string) => void,
): void {
  if ('count' in c === 'every' in c) return fault('', 'a children or records condition has either count or every');
  for (const [at, cond] of [
    ['/where', c.where],
    ['/every', c.every],
  ] as const)
    for (const [name, values] of Object.entries(cond ?? {})) {
      const f = target.field.get(name);
      if (!f || f.computed) fault(`${at}/${name}`, `"${name}" is not a stored field of ${target.name}`);
      else
        for (const v of values ?? []) {
          const bad = valueFault(f, v);
          if (bad) fault(`${at}/${name}`, bad);
        }
    }
}

/** How a field compares: as a number, a calendar date, true/false or text. */
export function kindOf(f: FieldDef): 'number' | 'date' | 'boolean' | 'text' {
  if (f.type === 'integer' || f.type === 'number') return 'number';
  if (f.format === 'date' || f.format === 'date-time') return 'date';
  return f.type === 'boolean' ? 'boolean' : 'text';
}

/** Why a constant is no value of a field (a state the enum does not have), or nothing. */
export function valueFault(f: FieldDef, v: unknown): string | undefined {
  if (f.enum && !f.enum.includes(v as string | number))
    return `${JSON.stringify(v)} is not one of the values of "${f.name}" (${f.enum.join(', ')})`;
  const kind = kindOf(f);
  const ok =
    kind === 'number' ? typeof v === 'number' : kind === 'boolean' ? typeof v === 'boolean' : typeof v === 'string';
  return ok ? undefined : `${JSON.stringify(v)} is not a ${kind} value, as "${f.name}" holds`;
}

import type { HookCatalog } from './hook-catalog.ts';
import type { KeyCheck } from './i18n-key-check.ts';
import type { MetadataFault } from './metadata-error.ts';
import { camelToSnake, kebabToCamel, kebabToSnake } from './naming.ts';
import { accessOf } from './entity-access.ts';
import { commandsOf } from './command-definition.ts';
import { fieldLocksOf } from './field-locks.ts';
import { publicFlowOf } from './public-flow-definition.ts';
import { remindersOf } from './reminder-definition.ts';
import { isStored } from './stored-field.ts';
import { TITLE_FIELDS } from './title-field.ts';
import type {
  ChildDef,
  EntityDef,
  EntityMeta,
  FieldDef,
  JsonSchema,
  RequiredWhenDef,
  Role,
  RuleDef,
} from './registry.ts';

/** Names that every record carries; a declared field may not reuse them. */
export const STANDARD_FIELDS = ['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'] as const;
const RESERVED = new Set<string>([...STANDARD_FIELDS, 'companyId']);
const DEFAULT_PAGE_SIZE = 50;

/**
 * An entity.json as the engine uses it (an EntityDef), with what its own file decides checked on the way: field names
 * and their x- keywords, list columns, filters, search and sort, unique and index fields, totals, rules, owner, access
 * (and the roles it takes when the file names none), commands, reminders and public flow, the hooks and i18n keys they
 * name. What other files decide (references, workflow, relationship roles) is resolved and checked later, on the whole.
 */
export function entityDefinition(
  ef: { readonly file: string; readonly data: EntityMeta; readonly module: string },
  hooks: HookCatalog,
  faults: MetadataFault[],
  key: KeyCheck,
): EntityDef {
  const m = ef.data;
  const file = ef.file;
  const scope = m.scope ?? 'company';
  const camelName = kebabToCamel(m.name);
  const label = m.label ?? `entity.${camelName}`;
  key(file, '/label', label);
  const props = (m.schema.properties ?? {}) as unknown as Record<string, JsonSchema>;
  const required = new Set(m.schema.required ?? []);
  for (const r of required)
    if (!(r in props))
      faults.push({ file, pointer: '/schema/required', message: `names "${r}", which is not a field` });

  const fields: FieldDef[] = Object.entries(props).map(([name, s]) => {
    const pointer = `/schema/properties/${name}`;
    if (RESERVED.has(name))
      faults.push({ file, pointer, message: `"${name}" is a standard field of every record; do not declare it` });
    // d_ names the spec's display copies (d_target), which are computed and never stored
    if (!/^[a-z][A-Za-z0-9]*$/.test(name) && !(s['x-computed'] && /^d_[a-z][A-Za-z0-9]*$/.test(name)))
      faults.push({ file, pointer, message: 'a field name is camelCase (d_name only for a computed display copy)' });
    key(file, `${pointer}/title`, s.title as string | undefined);
    key(file, `${pointer}/x-help`, s['x-help'] as string | undefined);
    const computed = s['x-computed'] as string | undefined;
    if (computed && !hooks.has('computed', computed))
      faults.push({ file, pointer: `${pointer}/x-computed`, message: `names the unknown hook "${computed}"` });
    if (s['x-encrypted'] === true && (s.writeOnly !== true || s.type !== 'string'))
      faults.push({
        file,
        pointer: `${pointer}/x-encrypted`,
        message: 'an encrypted field is a writeOnly string (its stored form is never returned)',
      });
    return {
      name,
      column: camelToSnake(name),
      type: s.type as FieldDef['type'],
      format: s.format as string | undefined,
      enum: s.enum as (string | number)[] | undefined,
      required: required.has(name),
      ref: s['x-ref'] as string | undefined,
      onDelete: (s['x-onDelete'] as FieldDef['onDelete']) ?? 'restrict',
      computed,
      readOnly: s.readOnly === true || computed !== undefined,
      writeOnly: s.writeOnly === true,
      encrypted: s['x-encrypted'] === true,
      html: s['x-html'] === true,
      writeRoles: s['x-writeRoles'] as Role[] | undefined,
      renamedFrom: s['x-renamedFrom'] as string | undefined,
      default: s.default,
      schema: s,
    };
  });
  const field = new Map(fields.map((f) => [f.name, f]));
  // a title worded as another entity's (an audit entry's record) names the field that holds which entity
  for (const f of fields) {
    const of = f.schema['x-titleOf'] as string | undefined;
    if (of !== undefined && field.get(of)?.type !== 'string')
      faults.push({
        file,
        pointer: `/schema/properties/${f.name}/x-titleOf`,
        message: `names "${of}", which is not a text field`,
      });
  }
  const stored = (name: string) => isStored(field, name);
  const sortable = (name: string) => stored(name) || (STANDARD_FIELDS as readonly string[]).includes(name);

  const list = m.list ?? {};
  (list.columns ?? []).forEach((c, i) => {
    if (!field.has(c) && !(STANDARD_FIELDS as readonly string[]).includes(c))
      faults.push({ file, pointer: `/list/columns/${i}`, message: `names "${c}", which is not a field` });
  });
  // a computed field is a filter when a filter hook of its hook's name turns a value into SQL over the stored columns
  const filterable = (name: string) =>
    sortable(name) || (field.get(name)?.computed !== undefined && hooks.has('filter', field.get(name)!.computed!));
  (list.filters ?? []).forEach((c, i) => {
    if (!filterable(c))
      faults.push({
        file,
        pointer: `/list/filters/${i}`,
        message: `names "${c}", which is not a stored field (nor a computed one with a filter hook)`,
      });
  });
  // a computed text is searched through its filter hook, asked for the records whose value contains the text
  (list.search ?? []).forEach((c, i) => {
    const f = field.get(c);
    if (f?.type !== 'string' || !(stored(c) || (f.computed !== undefined && hooks.has('filter', f.computed))))
      faults.push({
        file,
        pointer: `/list/search/${i}`,
        message: `names "${c}", which is not a text field that is stored or has a filter hook`,
      });
  });
  const sort = list.sort ?? 'id';
  if (!sortable(sort.replace(/^-/, '')))
    faults.push({ file, pointer: '/list/sort', message: `names "${sort}", which is not a stored field` });
  // a write-only field never leaves the database, so no list may show, filter, search or sort by it
  for (const [key, names] of [
    ['columns', list.columns],
    ['filters', list.filters],
    ['search', list.search],
    ['sort', [sort.replace(/^-/, '')]],
  ] as const)
    (names ?? []).forEach((c, i) => {
      if (field.get(c)?.writeOnly)
        faults.push({
          file,
          pointer: key === 'sort' ? '/list/sort' : `/list/${key}/${i}`,
          message: `names "${c}", which is write-only and never returned`,
        });
    });
  for (const key of ['unique', 'indexes'] as const)
    (m[key] ?? []).forEach((u, i) =>
      u.forEach((c, j) => {
        if (!stored(c))
          faults.push({ file, pointer: `/${key}/${i}/${j}`, message: `names "${c}", which is not a stored field` });
      }),
    );

  (m.totals ?? []).forEach((x, i) => {
    if (!stored(x.field) || !['integer', 'number'].includes(field.get(x.field)!.type))
      faults.push({ file, pointer: `/totals/${i}/field`, message: `"${x.field}" is not a stored number of ${m.name}` });
    if (!stored(x.per))
      faults.push({ file, pointer: `/totals/${i}/per`, message: `"${x.per}" is not a stored field of ${m.name}` });
  });
  (m.inside ?? []).forEach((x, i) => {
    if (!field.get(x.ref)?.ref)
      faults.push({ file, pointer: `/inside/${i}/ref`, message: `"${x.ref}" is not a reference of ${m.name}` });
    for (const k of ['start', 'end'] as const)
      if (field.get(x[k])?.format !== 'date')
        faults.push({ file, pointer: `/inside/${i}/${k}`, message: `"${x[k]}" is not a date of ${m.name}` });
  });
  const rules: RuleDef[] = [];
  const requiredWhen: RequiredWhenDef[] = [];
  (m.rules ?? []).forEach((declared, i) => {
    if (declared.requiredWhen) {
      const f = field.get(declared.field);
      if (!f || f.computed || f.readOnly)
        faults.push({
          file,
          pointer: `/rules/${i}/field`,
          message: `names "${declared.field}", which is not a stored field a client writes`,
        });
      else if (f.required)
        faults.push({
          file,
          pointer: `/rules/${i}/field`,
          message: `names "${declared.field}", which is required anyway`,
        });
      const when = declared.requiredWhen as Record<string, (string | number | boolean)[]>;
      for (const [name, values] of Object.entries(when)) {
        const w = field.get(name);
        if (!w || w.computed)
          faults.push({
            file,
            pointer: `/rules/${i}/requiredWhen/${name}`,
            message: `names "${name}", which is not a stored field of ${m.name}`,
          });
        else if (w.enum)
          values.forEach((v, j) => {
            if (!w.enum!.includes(v as string | number))
              faults.push({
                file,
                pointer: `/rules/${i}/requiredWhen/${name}/${j}`,
                message: `"${String(v)}" is not one of the values of "${name}"`,
              });
          });
      }
      requiredWhen.push({ field: declared.field, when });
      return;
    }
    const r = ruleOf(declared);
    const a = field.get(r.field);
    const b = field.get(r.notBefore);
    if (!a || !b || a.computed || b.computed)
      faults.push({ file, pointer: `/rules/${i}`, message: `names a field that is not a stored field of ${m.name}` });
    else if (a.type !== b.type || a.format !== b.format || !['integer', 'number', 'string'].includes(a.type))
      faults.push({
        file,
        pointer: `/rules/${i}`,
        message: `"${r.field}" and "${r.notBefore}" must be two numbers or two dates of one kind`,
      });
    rules.push(r);
  });
  if (m.owner !== undefined && (!stored(m.owner) || field.get(m.owner)!.ref !== 'employee'))
    faults.push({
      file,
      pointer: '/owner',
      message: `names "${m.owner}", which is not a stored reference to employee`,
    });
  if (m.tenantKey !== undefined && (scope !== 'platform' || !(m.tenantKey === 'id' || stored(m.tenantKey))))
    faults.push({
      file,
      pointer: '/tenantKey',
      message: 'is for platform entities and must name a stored field or id',
    });
  if (
    m.moduleKey !== undefined &&
    (scope !== 'platform' || !stored(m.moduleKey) || field.get(m.moduleKey)!.ref !== 'module')
  )
    faults.push({
      file,
      pointer: '/moduleKey',
      message: 'is for platform entities and must name a stored reference to module',
    });

  const { access, unownedWhen, ownedWhen, memberWhen } = accessOf(m, field, file, faults);

  const errors = (m.errors ?? {}) as Record<string, string>;
  for (const [k, v] of Object.entries(errors)) key(file, `/errors/${k}`, v);

  const commands = commandsOf(m, field, access, errors, hooks, file, faults, key);
  if (m.hooks?.afterWrite && !hooks.has('afterWrite', m.hooks.afterWrite))
    faults.push({ file, pointer: '/hooks/afterWrite', message: `names the unknown hook "${m.hooks.afterWrite}"` });
  if (m.hooks?.beforeWrite && !hooks.has('beforeWrite', m.hooks.beforeWrite))
    faults.push({ file, pointer: '/hooks/beforeWrite', message: `names the unknown hook "${m.hooks.beforeWrite}"` });
  if (m.hooks?.beforeDelete && !hooks.has('beforeDelete', m.hooks.beforeDelete))
    faults.push({ file, pointer: '/hooks/beforeDelete', message: `names the unknown hook "${m.hooks.beforeDelete}"` });

  return {
    name: m.name,
    camelName,
    module: ef.module,
    scope,
    label,
    table: kebabToSnake(m.name),
    tenantKey: m.tenantKey,
    moduleKey: m.moduleKey,
    owner: m.owner,
    stageField: m.stageField,
    system: m.system ?? false,
    fields,
    field,
    schema: m.schema as EntityDef['schema'],
    unique: m.unique ?? [],
    indexes: m.indexes ?? [],
    rules,
    requiredWhen,
    totals: m.totals ?? [],
    inside: m.inside ?? [],
    heldBy: m.heldBy ?? [],
    fieldLocks: fieldLocksOf(file, m.lockedWhen, fields, faults, key),
    writeWhen: (m.writeWhen ?? {}) as EntityDef['writeWhen'],
    children: (m.children ?? []) as ChildDef[],
    list: {
      columns: list.columns ?? fields.filter((f) => f.type !== 'object' && f.type !== 'array').map((f) => f.name),
      filters: list.filters ?? [],
      search: list.search ?? titleSearch(field),
      sort,
      pageSize: list.pageSize ?? DEFAULT_PAGE_SIZE,
    },
    form: { uiSchema: (m.form?.uiSchema ?? {}) as JsonSchema },
    errors,
    access,
    unownedWhen,
    ownedWhen,
    memberWhen,
    dataKeys: { list: m.api?.dataKeys?.list ?? 'list', item: m.api?.dataKeys?.item ?? 'item' },
    afterWrite: m.hooks?.afterWrite,
    beforeWrite: m.hooks?.beforeWrite,
    beforeDelete: m.hooks?.beforeDelete,
    commands,
    locks: [],
    lockRoutes: [],
    members: m.members,
    reminders: remindersOf(m, field, file, faults, key),
    publicFlow: publicFlowOf(m, field, hooks, file, faults, key),
    memberships: new Map(),
    parents: new Map(),
    source: file,
  };
}

/** Every rule as "later >= earlier"; `blame` is the field a refusal names (the declared one). */
function ruleOf(r: NonNullable<EntityMeta['rules']>[number]): RuleDef {
  return r.notAfter !== undefined
    ? { field: r.notAfter, notBefore: r.field, blame: r.field }
    : { field: r.field, notBefore: r.notBefore!, blame: r.field };
}

/**
 * What a list that declares no search is searched by: its title field, when that is a stored text (an audit finding
 * by its title), so that a select of its records narrows as one types (`?q=`) however many there are.
 */
function titleSearch(field: ReadonlyMap<string, FieldDef>): string[] {
  const title = TITLE_FIELDS.map((f) => field.get(f)).find((f) => f !== undefined);
  return title && !title.computed && !title.writeOnly && title.type === 'string' ? [title.name] : [];
}

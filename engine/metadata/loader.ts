import { mailTextKeys } from '../mail/mail-templates.ts';
import { useCatalogue } from '../i18n/catalogue.ts';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ErrorObject } from 'ajv';
import { createAjv } from './schema-validator.ts';
import { checkParentChains, resolveRelationshipRoles } from './relationship-roles.ts';
import { buildLocks, setLockRoutes } from './workflow-locks.ts';
import { checkTransitionRules } from './workflow-conditions.ts';
import { checkCommandConditions } from './command-conditions.ts';
import { addReferenceHolds } from './reference-holds.ts';
import { buildReport, checkReportReferences } from './report-definition.ts';
import { MetadataError, type MetadataFault } from './metadata-error.ts';
import { camelToSnake, kebabToCamel, kebabToSnake } from './naming.ts';
import { TITLE_FIELDS } from './title-field.ts';
import {
  LANGUAGES,
  type Action,
  type ChildDef,
  type CommandDef,
  type EntityDef,
  type EntityMeta,
  type FieldCondition,
  type FieldDef,
  type JsonSchema,
  type Language,
  type Messages,
  type ModuleDef,
  type ModuleMeta,
  type PublicFlowDef,
  type Registry,
  type Role,
  type ReminderDef,
  type RequiredWhenDef,
  type RuleDef,
  type WorkflowMeta,
} from './registry.ts';

export type HookKind = 'computed' | 'command' | 'afterWrite' | 'beforeWrite' | 'beforeDelete' | 'transition' | 'filter';
export interface HookCatalog {
  has(kind: HookKind, name: string): boolean;
}

/** Names that every record carries; a declared field may not reuse them. */
export const STANDARD_FIELDS = ['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'] as const;
const RESERVED = new Set<string>([...STANDARD_FIELDS, 'companyId']);
const DEFAULT_PAGE_SIZE = 50;
const DEFAULT_UPLOAD_BYTES = 2 * 1024 * 1024;
const OWNER_ROLE_WITHOUT_OWNER = 'names the role self, supervisor or unowned, which needs the entity to declare its owner';

interface Located<T> {
  file: string;
  data: T;
}

/**
 * Reads metadata/: validates each file against its schema in metadata/schema, checks every cross-reference
 * (entities, fields, hooks, i18n keys) and returns a frozen Registry, or throws a MetadataError listing
 * each fault with its file and JSON pointer.
 */
export function loadRegistry(metadataDir: string, hooks: HookCatalog): Registry {
  const faults: MetadataFault[] = [];
  const rel = (p: string) => relative(process.cwd(), p) || p;
  const ajv = createAjv();
  const kinds = ['entity', 'module', 'workflow', 'i18n'] as const;
  // all added before any is compiled: a command's conditions (entity) are the workflow's, a workflow's roles the entity's
  const schemas = kinds.map((kind) => JSON.parse(readFileSync(join(metadataDir, 'schema', `${kind}.schema.json`), 'utf8')) as { $id: string });
  for (const schema of schemas) ajv.addSchema(schema);
  const validators = Object.fromEntries(kinds.map((kind, i) => [kind, ajv.getSchema(schemas[i].$id)!])) as Record<'entity' | 'module' | 'workflow' | 'i18n', ReturnType<typeof ajv.compile>>;

  const read = <T>(file: string, kind: keyof typeof validators): Located<T> | null => {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      faults.push({ file: rel(file), pointer: '', message: `is not valid JSON: ${(e as Error).message}` });
      return null;
    }
    const validate = validators[kind];
    if (!validate(data)) {
      for (const err of validate.errors ?? []) faults.push({ file: rel(file), pointer: pointerOf(err), message: messageOf(err, data) });
      return null;
    }
    return { file: rel(file), data: data as T };
  };

  // Phase 1: read and validate every file against its schema.
  const messages = {} as Record<Language, Messages>;
  for (const lang of LANGUAGES) {
    const m = read<Record<string, string>>(join(metadataDir, 'i18n', `${lang}.json`), 'i18n');
    messages[lang] = Object.freeze(m?.data ?? {});
  }
  const en = messages.en;
  const modulesDir = join(metadataDir, 'modules');
  const moduleFiles: Located<ModuleMeta>[] = [];
  const entityFiles: (Located<EntityMeta> & { module: string; folder: string })[] = [];
  const workflowFiles: (Located<WorkflowMeta> & { folder: string })[] = [];
  const hashInput = createHash('sha256');
  for (const moduleFolder of listDirs(modulesDir)) {
    const moduleFile = join(modulesDir, moduleFolder, 'module.json');
    if (!existsSync(moduleFile)) {
      faults.push({ file: rel(join(modulesDir, moduleFolder)), pointer: '', message: 'has no module.json' });
      continue;
    }
    const mod = read<ModuleMeta>(moduleFile, 'module');
    if (mod) {
      if (mod.data.id !== moduleFolder) faults.push({ file: mod.file, pointer: '/id', message: `must equal its folder name "${moduleFolder}"` });
      moduleFiles.push(mod);
    }
    hashInput.update(readFileSync(moduleFile));
    for (const entityFolder of listDirs(join(modulesDir, moduleFolder))) {
      const base = join(modulesDir, moduleFolder, entityFolder);
      const ent = read<EntityMeta>(join(base, 'entity.json'), 'entity');
      if (existsSync(join(base, 'entity.json'))) hashInput.update(readFileSync(join(base, 'entity.json')));
      if (ent) {
        if (ent.data.name !== entityFolder) faults.push({ file: ent.file, pointer: '/name', message: `must equal its folder name "${entityFolder}"` });
        entityFiles.push({ ...ent, module: moduleFolder, folder: entityFolder });
      }
      if (existsSync(join(base, 'workflow.json'))) {
        hashInput.update(readFileSync(join(base, 'workflow.json')));
        const wf = read<WorkflowMeta>(join(base, 'workflow.json'), 'workflow');
        if (wf) workflowFiles.push({ ...wf, folder: entityFolder });
      }
    }
  }

  // Phase 2: build the definitions.
  const key = (file: string, pointer: string, k: string | undefined) => {
    if (k !== undefined && !(k in en)) faults.push({ file, pointer, message: `names the i18n key "${k}", which metadata/i18n/en.json does not define` });
  };
  // the mail the engine sends is worded from these texts (engine/mail/mail-templates.ts)
  for (const k of mailTextKeys()) key('metadata/i18n/en.json', '', k);
  const moduleIds = new Set(moduleFiles.map((m) => m.data.id));
  const entities = new Map<string, EntityDef>();
  for (const ef of entityFiles) {
    if (entities.has(ef.data.name)) {
      faults.push({ file: ef.file, pointer: '/name', message: `duplicates the entity "${ef.data.name}"` });
      continue;
    }
    entities.set(ef.data.name, buildEntity(ef, hooks, faults, key));
  }
  for (const wf of workflowFiles) {
    const entity = entities.get(wf.data.entity);
    if (!entity || wf.data.entity !== wf.folder) {
      faults.push({ file: wf.file, pointer: '/entity', message: `must name the entity of its folder ("${wf.folder}")` });
      continue;
    }
    checkWorkflow(wf, entity, hooks, faults, key);
    checkTransitionRules(wf.file, wf.data, entity, entities, faults, key);
    Object.assign(entity as { workflow?: WorkflowMeta; locks: EntityDef['locks'] }, { workflow: wf.data, locks: buildLocks(wf.file, wf.data, entity, entities, faults) });
  }

  for (const entity of entities.values()) checkCommandConditions(entity, entities, faults, key);

  // Phase 3: cross-references between entities.
  for (const entity of entities.values()) checkReferences(entity, entities, faults);
  setLockRoutes(entities);
  addReferenceHolds(entities, faults);
  for (const entity of entities.values()) resolveRelationshipRoles(entity, entities, faults);
  checkParentChains(entities, faults);
  for (const entity of entities.values()) checkReportReferences(entity, entities, faults);
  checkPublicFlows(entities, faults);

  const modules = new Map<string, ModuleDef>();
  for (const mf of moduleFiles) {
    const m = mf.data;
    const label = m.label ?? `module.${kebabToCamel(m.id)}`;
    key(mf.file, '/label', label);
    (m.screens ?? []).forEach((s, i) => {
      if (s.entity && !entities.has(s.entity)) faults.push({ file: mf.file, pointer: `/screens/${i}/entity`, message: `names the unknown entity "${s.entity}"` });
      if (s.label) key(mf.file, `/screens/${i}/label`, s.label);
      for (const [call, title] of Object.entries(s.errors ?? {})) {
        key(mf.file, `/screens/${i}/errors/${call}`, title);
        if (!s.entity) faults.push({ file: mf.file, pointer: `/screens/${i}/errors`, message: 'error titles need an entity on the screen' });
      }
      if (s.kind === 'redirect' && !s.to) faults.push({ file: mf.file, pointer: `/screens/${i}`, message: 'a redirect needs "to"' });
      const target = s.entity ? entities.get(s.entity) : undefined;
      for (const k of Object.keys(s.preset ?? {}))
        if (target && !(target.field.has(k) && (s.kind !== 'list' || target.list.filters.includes(k)))) faults.push({ file: mf.file, pointer: `/screens/${i}/preset/${k}`, message: `"${k}" is not ${s.kind === 'list' ? 'a filter' : 'a field'} of ${s.entity}` });
      // a parameter names a field (a filter, for lists) or, as "id", the record a form edits
      for (const [param, field] of Object.entries(s.params ?? {}) as [string, string][])
        if (target && !(field === 'id' ? s.kind !== 'list' : target.field.has(field) && (s.kind !== 'list' || target.list.filters.includes(field))))
          faults.push({ file: mf.file, pointer: `/screens/${i}/params/${param}`, message: `"${field}" is not ${field === 'id' ? 'the record of a list' : s.kind === 'list' ? 'a filter' : 'a field'} of ${s.entity}` });
      if (s.owner && target && !target.owner) faults.push({ file: mf.file, pointer: `/screens/${i}/owner`, message: `${s.entity} declares no owner` });
      if (s.source !== undefined && !(s.kind === 'list' && target?.commands.some((c) => c.name === s.source && c.kind === 'hook' && c.method === 'GET')))
        faults.push({ file: mf.file, pointer: `/screens/${i}/source`, message: `"${s.source}" is not a GET hook command of ${s.entity ?? 'the screen\'s entity'} (source is for list screens)` });
      if ((s.kind === 'report') !== (s.report !== undefined) || (s.report !== undefined && !target?.commands.some((c) => c.name === s.report && c.report)))
        faults.push({ file: mf.file, pointer: `/screens/${i}`, message: `a report screen names a report command of its entity in "report"${s.report ? `; "${s.report}" is not one of ${s.entity ?? 'no entity'}` : ''}` });
      if (s.then !== undefined && !(s.kind === 'form' && s.mode === 'add' && target?.workflow?.transitions.some((x) => x.action === s.then && x.from.includes(target.workflow!.initial))))
        faults.push({ file: mf.file, pointer: `/screens/${i}/then`, message: `"${s.then}" is not a transition of ${s.entity ?? 'the screen\'s entity'} from its initial state (then is for add forms)` });
      if (s.kind === 'custom' && !s.component) faults.push({ file: mf.file, pointer: `/screens/${i}`, message: 'a custom screen needs "component"' });
      if (s.needs !== undefined && !(target && (['add', 'update', 'delete'].includes(s.needs) || target.commands.some((c) => c.name === s.needs))))
        faults.push({ file: mf.file, pointer: `/screens/${i}/needs`, message: `"${s.needs}" is not add, update, delete or a command of ${s.entity ?? 'the screen\'s entity (name one in "entity")'}` });
      // a screen offered only to those who may do what it needs is offered to nobody when nobody may (adding quarters)
      else if (s.needs !== undefined && target && ((['add', 'update', 'delete'].includes(s.needs) ? target.access[s.needs as 'add' | 'update' | 'delete'] : target.commands.find((c) => c.name === s.needs)!.access) ?? []).length === 0)
        faults.push({ file: mf.file, pointer: `/screens/${i}/needs`, message: `nobody may ${s.needs} ${s.entity}${['add', 'update', 'delete'].includes(s.needs) ? ' records' : ''}, so the screen would be offered to no one; name what its users do there` });
    });
    modules.set(m.id, {
      id: m.id,
      label,
      role: m.role ?? 'employee',
      core: m.core ?? false,
      routeBase: m.routeBase,
      screens: m.screens ?? [],
      entities: [...entities.values()].filter((e) => e.module === m.id).map((e) => e.name),
    });
  }
  const paths = new Set([...modules.values()].flatMap((m) => m.screens.map((x) => x.path)));
  for (const mf of moduleFiles)
    (mf.data.screens ?? []).forEach((s, i) => {
      for (const k of ['add', 'edit'] as const) if (s[k] && !paths.has(s[k])) faults.push({ file: mf.file, pointer: `/screens/${i}/${k}`, message: `"${s[k]}" is not a screen` });
      if (s.panels && !((s.kind === 'form' || s.kind === 'detail') && s.mode === 'edit')) faults.push({ file: mf.file, pointer: `/screens/${i}/panels`, message: 'panels show under the form of a record: an edit form screen' });
      if (s.kind === 'tabs' && !s.tabs?.length) faults.push({ file: mf.file, pointer: `/screens/${i}`, message: 'a tabs screen needs "tabs"' });
      (s.tabs ?? []).forEach((tab, j) => {
        if (!paths.has(tab)) faults.push({ file: mf.file, pointer: `/screens/${i}/tabs/${j}`, message: `"${tab}" is not a screen` });
        else if (tab === s.path) faults.push({ file: mf.file, pointer: `/screens/${i}/tabs/${j}`, message: 'a tabs screen cannot be its own tab' });
      });
    });
  for (const ef of entityFiles) if (!moduleIds.has(ef.module)) faults.push({ file: ef.file, pointer: '', message: `sits in "${ef.module}", which is not a module` });

  if (faults.length) throw new MetadataError(faults);
  for (const file of [...LANGUAGES]) hashInput.update(JSON.stringify(messages[file]));
  // the engine words its messages in English with these texts where no caller is in sight (the envelope words them again in the caller's)
  useCatalogue(messages);
  const registry: Registry = {
    entities,
    modules,
    messages,
    hash: hashInput.digest('hex').slice(0, 16),
    entity(name: string) {
      const e = entities.get(name);
      if (!e) throw new Error(`unknown entity ${name}`);
      return e;
    },
  };
  return deepFreeze(registry);
}

function buildEntity(
  ef: Located<EntityMeta> & { module: string },
  hooks: HookCatalog,
  faults: MetadataFault[],
  key: (file: string, pointer: string, k: string | undefined) => void,
): EntityDef {
  const m = ef.data;
  const file = ef.file;
  const scope = m.scope ?? 'company';
  const camelName = kebabToCamel(m.name);
  const label = m.label ?? `entity.${camelName}`;
  key(file, '/label', label);
  const props = (m.schema.properties ?? {}) as unknown as Record<string, JsonSchema>;
  const required = new Set(m.schema.required ?? []);
  for (const r of required) if (!(r in props)) faults.push({ file, pointer: '/schema/required', message: `names "${r}", which is not a field` });

  const fields: FieldDef[] = Object.entries(props).map(([name, s]) => {
    const pointer = `/schema/properties/${name}`;
    if (RESERVED.has(name)) faults.push({ file, pointer, message: `"${name}" is a standard field of every record; do not declare it` });
    // d_ names the spec's display copies (d_target), which are computed and never stored
    if (!/^[a-z][A-Za-z0-9]*$/.test(name) && !(s['x-computed'] && /^d_[a-z][A-Za-z0-9]*$/.test(name)))
      faults.push({ file, pointer, message: 'a field name is camelCase (d_name only for a computed display copy)' });
    key(file, `${pointer}/title`, s.title as string | undefined);
    const computed = s['x-computed'] as string | undefined;
    if (computed && !hooks.has('computed', computed)) faults.push({ file, pointer: `${pointer}/x-computed`, message: `names the unknown hook "${computed}"` });
    if (s['x-encrypted'] === true && (s.writeOnly !== true || s.type !== 'string'))
      faults.push({ file, pointer: `${pointer}/x-encrypted`, message: 'an encrypted field is a writeOnly string (its stored form is never returned)' });
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
      renamedFrom: s['x-renamedFrom'] as string | undefined,
      default: s.default,
      schema: s,
    };
  });
  const field = new Map(fields.map((f) => [f.name, f]));
  const stored = (name: string) => field.has(name) && !field.get(name)!.computed;
  const sortable = (name: string) => stored(name) || (STANDARD_FIELDS as readonly string[]).includes(name);

  const list = m.list ?? {};
  (list.columns ?? []).forEach((c, i) => {
    if (!field.has(c) && !(STANDARD_FIELDS as readonly string[]).includes(c)) faults.push({ file, pointer: `/list/columns/${i}`, message: `names "${c}", which is not a field` });
  });
  // a computed field is a filter when a filter hook of its hook's name turns a value into SQL over the stored columns
  const filterable = (name: string) => sortable(name) || (field.get(name)?.computed !== undefined && hooks.has('filter', field.get(name)!.computed!));
  (list.filters ?? []).forEach((c, i) => {
    if (!filterable(c)) faults.push({ file, pointer: `/list/filters/${i}`, message: `names "${c}", which is not a stored field (nor a computed one with a filter hook)` });
  });
  (list.search ?? []).forEach((c, i) => {
    if (!stored(c) || field.get(c)!.type !== 'string') faults.push({ file, pointer: `/list/search/${i}`, message: `names "${c}", which is not a stored text field` });
  });
  const sort = list.sort ?? 'id';
  if (!sortable(sort.replace(/^-/, ''))) faults.push({ file, pointer: '/list/sort', message: `names "${sort}", which is not a stored field` });
  // a write-only field never leaves the database, so no list may show, filter, search or sort by it
  for (const [key, names] of [['columns', list.columns], ['filters', list.filters], ['search', list.search], ['sort', [sort.replace(/^-/, '')]]] as const)
    (names ?? []).forEach((c, i) => {
      if (field.get(c)?.writeOnly) faults.push({ file, pointer: key === 'sort' ? '/list/sort' : `/list/${key}/${i}`, message: `names "${c}", which is write-only and never returned` });
    });
  for (const key of ['unique', 'indexes'] as const)
    (m[key] ?? []).forEach((u, i) =>
      u.forEach((c, j) => {
        if (!stored(c)) faults.push({ file, pointer: `/${key}/${i}/${j}`, message: `names "${c}", which is not a stored field` });
      }),
    );

  (m.totals ?? []).forEach((x, i) => {
    if (!stored(x.field) || !['integer', 'number'].includes(field.get(x.field)!.type)) faults.push({ file, pointer: `/totals/${i}/field`, message: `"${x.field}" is not a stored number of ${m.name}` });
    if (!stored(x.per)) faults.push({ file, pointer: `/totals/${i}/per`, message: `"${x.per}" is not a stored field of ${m.name}` });
  });
  (m.inside ?? []).forEach((x, i) => {
    if (!field.get(x.ref)?.ref) faults.push({ file, pointer: `/inside/${i}/ref`, message: `"${x.ref}" is not a reference of ${m.name}` });
    for (const k of ['start', 'end'] as const) if (field.get(x[k])?.format !== 'date') faults.push({ file, pointer: `/inside/${i}/${k}`, message: `"${x[k]}" is not a date of ${m.name}` });
  });
  const rules: RuleDef[] = [];
  const requiredWhen: RequiredWhenDef[] = [];
  (m.rules ?? []).forEach((declared, i) => {
    if (declared.requiredWhen) {
      const f = field.get(declared.field);
      if (!f || f.computed || f.readOnly) faults.push({ file, pointer: `/rules/${i}/field`, message: `names "${declared.field}", which is not a stored field a client writes` });
      else if (f.required) faults.push({ file, pointer: `/rules/${i}/field`, message: `names "${declared.field}", which is required anyway` });
      const when = declared.requiredWhen as Record<string, (string | number | boolean)[]>;
      for (const [name, values] of Object.entries(when)) {
        const w = field.get(name);
        if (!w || w.computed) faults.push({ file, pointer: `/rules/${i}/requiredWhen/${name}`, message: `names "${name}", which is not a stored field of ${m.name}` });
        else if (w.enum) values.forEach((v, j) => {
          if (!w.enum!.includes(v as string | number)) faults.push({ file, pointer: `/rules/${i}/requiredWhen/${name}/${j}`, message: `"${String(v)}" is not one of the values of "${name}"` });
        });
      }
      requiredWhen.push({ field: declared.field, when });
      return;
    }
    const r = ruleOf(declared);
    const a = field.get(r.field);
    const b = field.get(r.notBefore);
    if (!a || !b || a.computed || b.computed) faults.push({ file, pointer: `/rules/${i}`, message: `names a field that is not a stored field of ${m.name}` });
    else if (a.type !== b.type || a.format !== b.format || !['integer', 'number', 'string'].includes(a.type)) faults.push({ file, pointer: `/rules/${i}`, message: `"${r.field}" and "${r.notBefore}" must be two numbers or two dates of one kind` });
    rules.push(r);
  });
  if (m.owner !== undefined && (!stored(m.owner) || field.get(m.owner)!.ref !== 'employee'))
    faults.push({ file, pointer: '/owner', message: `names "${m.owner}", which is not a stored reference to employee` });
  if (m.tenantKey !== undefined && (scope !== 'platform' || !(m.tenantKey === 'id' || stored(m.tenantKey))))
    faults.push({ file, pointer: '/tenantKey', message: 'is for platform entities and must name a stored field or id' });
  if (m.moduleKey !== undefined && (scope !== 'platform' || !stored(m.moduleKey) || field.get(m.moduleKey)!.ref !== 'module'))
    faults.push({ file, pointer: '/moduleKey', message: 'is for platform entities and must name a stored reference to module' });

  const acc = m.access ?? {};
  /**
   * Who may act when the metadata does not say. Reading a record that belongs to an employee is that employee's
   * business: it is read by whoever may write it, by the employee and by their supervisor (or acting supervisor), and
   * not by every colleague; an entity whose records are company-wide says `"read": ["employee"]`. Records of nobody
   * stay readable by every employee of the company.
   */
  const defaultRoles = (action: Action): Role[] => {
    if (scope === 'platform') return ['holder'];
    if (m.system) return action === 'read' ? ['employee:moduleAdmin'] : [];
    if (action !== 'read') return ['employee:moduleAdmin'];
    if (m.owner === undefined) return ['employee'];
    return [...new Set<Role>([...writes.add, ...writes.update, ...writes.delete, 'self', 'supervisor'])];
  };
  const writes = {
    add: (acc.add ?? acc.write ?? defaultRoles('add')) as Role[],
    update: (acc.update ?? acc.write ?? defaultRoles('update')) as Role[],
    delete: (acc.delete ?? acc.write ?? defaultRoles('delete')) as Role[],
  };
  const access = { read: (acc.read ?? defaultRoles('read')) as Role[], ...writes };
  if (m.system) for (const a of ['add', 'update', 'delete'] as const) access[a] = [];
  const ownerRoles = (roles: readonly string[] | undefined, pointer: string) => {
    if (m.owner === undefined && roles?.some((r) => r === 'self' || r === 'supervisor' || r === 'unowned')) faults.push({ file, pointer, message: OWNER_ROLE_WITHOUT_OWNER });
  };
  for (const [a, roles] of Object.entries(access)) ownerRoles(roles, `/access/${a}`);
  (m.commands ?? []).forEach((c, i) => ownerRoles(c.access, `/commands/${i}/access`));
  const unownedWhen = acc.unownedWhen as FieldCondition[] | undefined;
  if (unownedWhen && !Object.values(access).some((roles) => roles.includes('unowned')))
    faults.push({ file, pointer: '/access/unownedWhen', message: 'limits the role unowned, which no access of the entity names' });
  unownedWhen?.forEach((condition, i) =>
    Object.entries(condition).forEach(([name, values]) => {
      const f = field.get(name);
      const pointer = `/access/unownedWhen/${i}/${name}`;
      if (!f || f.computed) faults.push({ file, pointer, message: `names "${name}", which is not a stored field of ${m.name}` });
      else if (values.some((v) => (f.enum ? !f.enum.includes(v as string | number) : typeof v !== (f.type === 'integer' || f.type === 'number' ? 'number' : f.type))))
        faults.push({ file, pointer, message: `holds a value that "${name}" cannot have` });
    }),
  );

  const errors = (m.errors ?? {}) as Record<string, string>;
  for (const [k, v] of Object.entries(errors)) key(file, `/errors/${k}`, v);

  const commands: CommandDef[] = (m.commands ?? []).map((c, i) => {
    const pointer = `/commands/${i}`;
    if (['add', 'update', 'delete'].includes(c.name)) faults.push({ file, pointer: `${pointer}/name`, message: `"${c.name}" is a standard call` });
    for (const f of c.fields ?? []) if (!stored(f)) faults.push({ file, pointer: `${pointer}/fields`, message: `names "${f}", which is not a stored field` });
    if (c.kind === 'hook' && (!c.hook || !hooks.has('command', c.hook))) faults.push({ file, pointer: `${pointer}/hook`, message: `names the unknown hook "${c.hook ?? ''}"` });
    if ((c.kind === 'patch' || c.kind === 'upload' || c.kind === 'attach') && !(c.fields ?? []).length) faults.push({ file, pointer, message: `a ${c.kind} command names its fields` });
    if ((c.kind === 'upload' || c.kind === 'attach') && (c.fields ?? []).length > 1) faults.push({ file, pointer: `${pointer}/fields`, message: `an ${c.kind} command names the one field that points at the file` });
    for (const [k, f] of Object.entries(c.fileInfo ?? {})) {
      if (c.kind !== 'upload' && c.kind !== 'attach') faults.push({ file, pointer: `${pointer}/fileInfo`, message: 'only upload and attach commands store a file' });
      else if (!stored(f as string) || !field.get(f as string)!.readOnly) faults.push({ file, pointer: `${pointer}/fileInfo/${k}`, message: `names "${f}", which is not a stored read-only field` });
    }
    if (!errors[c.name]) faults.push({ file, pointer: `/errors`, message: `has no error title for the command "${c.name}"` });
    for (const f of Object.keys(c.lookups ?? {})) {
      if (c.kind !== 'bulkAdd') faults.push({ file, pointer: `${pointer}/lookups`, message: 'only bulkAdd commands look references up' });
      else if (!stored(f) || !field.get(f)!.ref) faults.push({ file, pointer: `${pointer}/lookups/${f}`, message: `names "${f}", which is not a stored reference field` });
    }
    return {
      name: c.name,
      kind: c.kind,
      method: c.method ?? 'POST',
      fields: c.fields ?? [],
      input: c.input as JsonSchema | undefined,
      lookups: (c.lookups ?? {}) as Record<string, string>,
      hook: c.hook,
      when: c.when,
      access: (c.access ?? (c.kind === 'bulkDelete' ? access.delete : c.kind === 'attach' ? access.add : access.update)) as Role[],
      dataKey: c.dataKey ?? (c.kind === 'bulkAdd' || c.kind === 'bulkDelete' ? 'list' : 'item'),
      error: errors[c.name],
      maxBytes: c.maxBytes ?? DEFAULT_UPLOAD_BYTES,
      mimeTypes: c.mimeTypes ?? [],
      fileInfo: (c.fileInfo ?? {}) as CommandDef['fileInfo'],
      ...(c.report && { report: buildReport(c.report as Parameters<typeof buildReport>[0], c, file, `${pointer}/report`, faults, key) }),
    };
  });
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
    system: m.system ?? false,
    fields,
    field,
    schema: m.schema as unknown as JsonSchema,
    unique: m.unique ?? [],
    indexes: m.indexes ?? [],
    rules,
    requiredWhen,
    totals: m.totals ?? [],
    inside: m.inside ?? [],
    heldBy: m.heldBy ?? [],
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

function checkReferences(entity: EntityDef, entities: ReadonlyMap<string, EntityDef>, faults: MetadataFault[]): void {
  const file = entity.source;
  for (const f of entity.fields) {
    if (!f.ref) continue;
    const target = entities.get(f.ref);
    const pointer = `/schema/properties/${f.name}/x-ref`;
    if (!target) faults.push({ file, pointer, message: `names the unknown entity "${f.ref}"` });
    else if (entity.scope === 'platform' && target.scope === 'company') faults.push({ file, pointer, message: `a platform entity cannot reference the company entity "${f.ref}"` });
    if (f.type !== 'integer') faults.push({ file, pointer, message: 'a reference is an integer field' });
    if (f.onDelete === 'setNull' && f.required) faults.push({ file, pointer, message: 'a required reference cannot be set to null on delete' });
  }
  const checkChildren = (parent: EntityDef, children: readonly ChildDef[], pointer: string) =>
    children.forEach((c, i) => {
      const child = entities.get(c.entity);
      if (!child) return void faults.push({ file, pointer: `${pointer}/${i}/entity`, message: `names the unknown entity "${c.entity}"` });
      const via = child.field.get(c.via);
      if (!via || via.ref !== parent.name) faults.push({ file, pointer: `${pointer}/${i}/via`, message: `"${c.via}" must be a field of ${c.entity} that references ${parent.name}` });
      checkChildren(child, c.children ?? [], `${pointer}/${i}/children`);
    });
  checkChildren(entity, entity.children, '/children');
  entity.commands.forEach((c, i) => {
    for (const [f, key] of Object.entries(c.lookups)) {
      const target = entities.get(entity.field.get(f)?.ref ?? '');
      if (target && !(target.field.has(key) && target.unique.some((u) => u.length === 1 && u[0] === key)))
        faults.push({ file, pointer: `/commands/${i}/lookups/${f}`, message: `"${key}" must be a field of ${target.name} that is unique on its own` });
    }
  });
}

function checkWorkflow(
  wf: Located<WorkflowMeta>,
  entity: EntityDef,
  hooks: HookCatalog,
  faults: MetadataFault[],
  key: (file: string, pointer: string, k: string | undefined) => void,
): void {
  const { file, data } = wf;
  const state = entity.field.get(data.stateField);
  if (!state) faults.push({ file, pointer: '/stateField', message: `names "${data.stateField}", which is not a field of ${entity.name}` });
  else if (!state.enum || data.states.some((s) => !state.enum!.includes(s))) faults.push({ file, pointer: '/states', message: `every state must be in the enum of ${data.stateField}` });
  if (!data.states.includes(data.initial)) faults.push({ file, pointer: '/initial', message: `"${data.initial}" is not one of the states` });
  (data.locks ?? []).forEach((l, i) => {
    if (!entity.owner && l.exceptRoles?.some((r) => r === 'self' || r === 'supervisor' || r === 'unowned')) faults.push({ file, pointer: `/locks/${i}/exceptRoles`, message: OWNER_ROLE_WITHOUT_OWNER });
  });
  data.transitions.forEach((t, i) => {
    const p = `/transitions/${i}`;
    for (const s of [...t.from, t.to]) if (!data.states.includes(s)) faults.push({ file, pointer: p, message: `"${s}" is not one of the states` });
    if (t.hook && !hooks.has('transition', t.hook)) faults.push({ file, pointer: `${p}/hook`, message: `names the unknown hook "${t.hook}"` });
    for (const r of t.requires ?? []) if (!entity.field.has(r)) faults.push({ file, pointer: `${p}/requires`, message: `names "${r}", which is not a field` });
    for (const end of ['from', 'to'] as const) {
      const name = t.window?.[end];
      if (name !== undefined && entity.field.get(name)?.format !== 'date') faults.push({ file, pointer: `${p}/window/${end}`, message: `names "${name}", which is not a date field` });
    }
    key(file, `${p}/error`, t.error);
    if (!entity.owner && t.access?.some((r) => r === 'self' || r === 'supervisor' || r === 'unowned')) faults.push({ file, pointer: `${p}/access`, message: OWNER_ROLE_WITHOUT_OWNER });
    if (entity.commands.some((c) => c.name === t.action)) faults.push({ file, pointer: `${p}/action`, message: `"${t.action}" is also a command of ${entity.name}` });
  });
}

/** The entity's reminders, each checked: a stored date field, known fields in its conditions, an English subject. */
function remindersOf(m: EntityMeta, field: ReadonlyMap<string, FieldDef>, file: string, faults: MetadataFault[], key: (file: string, pointer: string, k: string | undefined) => void): ReminderDef[] {
  return (m.reminders ?? []).map((r, i) => {
    const pointer = `/reminders/${i}`;
    const date = field.get(r.date);
    if (!date || date.computed || date.schema.format !== 'date') faults.push({ file, pointer: `${pointer}/date`, message: `names "${r.date}", which is not a stored date field` });
    for (const f of [...Object.keys(r.onlyWhen ?? {}), ...(r.skipWhenSet ?? [])])
      if (!field.has(f) || field.get(f)!.computed) faults.push({ file, pointer, message: `names "${f}", which is not a stored field` });
    for (const role of r.to) if (['holder', 'employee', 'employee:anyModuleAdmin', 'public'].includes(role)) faults.push({ file, pointer: `${pointer}/to`, message: `${role} names nobody in particular; name self, supervisor, field:…, member:… or employee:moduleAdmin` });
    if (m.owner === undefined && r.to.some((role) => role === 'self' || role === 'supervisor' || role === 'unowned')) faults.push({ file, pointer: `${pointer}/to`, message: OWNER_ROLE_WITHOUT_OWNER });
    key(file, `${pointer}/subject`, r.subject);
    return { name: r.name, date: r.date, daysBefore: r.daysBefore, daysAfter: r.daysAfter, to: r.to as Role[], subject: r.subject, onlyWhen: (r.onlyWhen ?? {}) as ReminderDef['onlyWhen'], skipWhenSet: r.skipWhenSet ?? [] };
  });
}

/** The entity's public flow, checked: its fields exist with the right types, its hook and mail texts are known. */
function publicFlowOf(m: EntityMeta, field: ReadonlyMap<string, FieldDef>, hooks: HookCatalog, file: string, faults: MetadataFault[], key: (file: string, pointer: string, k: string | undefined) => void): PublicFlowDef | undefined {
  const p = m.publicFlow;
  if (!p) return undefined;
  const storedField = (name: string | undefined, pointer: string, check: (f: FieldDef) => boolean, what: string) => {
    if (name === undefined) return;
    const f = field.get(name);
    if (!f || f.computed || !check(f)) faults.push({ file, pointer: `/publicFlow/${pointer}`, message: `names "${name}", which is not ${what}` });
  };
  storedField(p.email, 'email', (f) => f.type === 'string', 'a stored text field');
  storedField(p.respondentName, 'respondentName', (f) => f.type === 'string', 'a stored text field');
  storedField(p.submitted, 'submitted', (f) => f.schema.format === 'date-time' && f.readOnly === true, 'a stored read-only date-time field');
  storedField(p.sent, 'sent', (f) => f.schema.format === 'date-time' && f.readOnly === true, 'a stored read-only date-time field');
  if (!hooks.has('command', p.info)) faults.push({ file, pointer: '/publicFlow/info', message: `names the unknown hook "${p.info}"` });
  key(file, '/publicFlow/mail', `${p.mail}.subject`);
  key(file, '/publicFlow/mail', `${p.mail}.body`);
  key(file, '/publicFlow/mail', `${p.mail}.action`);
  if (!(m.commands ?? []).some((c) => c.kind === 'share')) faults.push({ file, pointer: '/commands', message: 'an entity with a public flow declares a share command that mails its link' });
  const errors = { auth: 'publicFlow.error.auth', answer: 'publicFlow.error.answer', submit: 'publicFlow.error.submit', ...p.errors };
  for (const [k, v] of Object.entries(errors)) key(file, `/publicFlow/errors/${k}`, v);
  return { ...p, authPage: p.authPage ?? 'auth', expiresInDays: p.expiresInDays ?? 14, errors };
}

/** Each public flow's answers entity references its recipients; flow names are unique; share commands belong to flows. */
function checkPublicFlows(entities: ReadonlyMap<string, EntityDef>, faults: MetadataFault[]): void {
  const names = new Map<string, string>();
  for (const entity of entities.values()) {
    const file = entity.source;
    if (entity.commands.some((c) => c.kind === 'share') && !entity.publicFlow) faults.push({ file, pointer: '/commands', message: 'a share command needs the entity to declare its publicFlow' });
    const p = entity.publicFlow;
    if (!p) continue;
    if (names.has(p.name)) faults.push({ file, pointer: '/publicFlow/name', message: `duplicates the public flow "${p.name}" of ${names.get(p.name)}` });
    names.set(p.name, entity.name);
    const answers = entities.get(p.answers.entity);
    if (!answers) {
      faults.push({ file, pointer: '/publicFlow/answers/entity', message: `names the unknown entity "${p.answers.entity}"` });
      continue;
    }
    if (answers.field.get(p.answers.via)?.ref !== entity.name) faults.push({ file, pointer: '/publicFlow/answers/via', message: `"${p.answers.via}" must be a field of ${answers.name} that references ${entity.name}` });
    const k = answers.field.get(p.answers.key);
    if (!k || k.computed || k.type !== 'integer') faults.push({ file, pointer: '/publicFlow/answers/key', message: `"${p.answers.key}" must be a stored whole-number field of ${answers.name}` });
    if (!answers.unique.some((u) => u.length === 2 && u.includes(p.answers.via) && u.includes(p.answers.key)))
      faults.push({ file, pointer: '/publicFlow/answers', message: `${answers.name} must declare ["${p.answers.via}", "${p.answers.key}"] unique: one answer per question` });
  }
}

function listDirs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => statSync(join(dir, f)).isDirectory())
    .sort();
}

function pointerOf(err: ErrorObject): string {
  const extra = err.keyword === 'additionalProperties' ? `/${(err.params as { additionalProperty: string }).additionalProperty}` : '';
  return (err.instancePath || '') + extra || '/';
}

function messageOf(err: ErrorObject, data: unknown): string {
  if (err.keyword === 'additionalProperties') return 'is not a known property';
  // every role (access, commands, transitions, locks, reminders) is checked against the one grammar of entity.schema.json
  if (err.keyword === 'pattern' && err.schemaPath.endsWith('/$defs/role/pattern'))
    return `names the unknown role "${String(valueAt(data, err.instancePath))}"; a role is holder, employee, employee:moduleAdmin, employee:anyModuleAdmin, public, self, supervisor, unowned, field:<a reference to employee>, member:<a reference to a team>, parent:<a reference> or child:<a child collection>.<its reference to employee>`;
  if (err.keyword === 'enum') return `${err.message}: ${(err.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
  return err.message ?? err.keyword;
}

/** The value at a JSON pointer of a document. */
function valueAt(data: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), data);
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    if (o instanceof Map) for (const v of o.values()) deepFreeze(v);
    else for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

/** Every rule as "later >= earlier"; `blame` is the field a refusal names (the declared one). */
function ruleOf(r: NonNullable<EntityMeta['rules']>[number]): RuleDef {
  return r.notAfter !== undefined ? { field: r.notAfter, notBefore: r.field, blame: r.field } : { field: r.field, notBefore: r.notBefore!, blame: r.field };
}

/**
 * What a list that declares no search is searched by: its title field, when that is a stored text (an audit finding
 * by its title), so that a select of its records narrows as one types (`?q=`) however many there are.
 */
function titleSearch(field: ReadonlyMap<string, FieldDef>): string[] {
  const title = TITLE_FIELDS.map((f) => field.get(f)).find((f) => f !== undefined);
  return title && !title.computed && !title.writeOnly && title.type === 'string' ? [title.name] : [];
}

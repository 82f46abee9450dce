import type { ChildDef, EntityDef, JsonSchema, Registry } from '../metadata/registry.ts';
import { recordSchema } from '../records/record-validator.ts';
import { allowedSchema } from './allowed-schema.ts';
import { object, orNull, ref } from './schema-shapes.ts';

/** `expense-claim` → `ExpenseClaim`: the entity's name among the document's components. */
export const componentName = (entity: EntityDef | string) =>
  (typeof entity === 'string' ? entity : entity.name).replace(/(^|-)([a-z0-9])/g, (_, __, c: string) =>
    c.toUpperCase(),
  );

/** The components of one entity's records (see recordComponents). */
export const recordRef = {
  /** a record as a list, a read, an add, an update or a transition returns it: with `_allowed` */
  withAllowed: (e: EntityDef | string) => ref(componentName(e)),
  /** a record as commands, deletes and hooks return it: without `_allowed` */
  row: (e: EntityDef | string) => ref(`${componentName(e)}Row`),
  /** a record read by id: with `_allowed` and its children */
  detail: (e: EntityDef) => ref(e.children.length ? `${componentName(e)}Detail` : componentName(e)),
  add: (e: EntityDef) => ref(`${componentName(e)}Add`),
  update: (e: EntityDef) => ref(`${componentName(e)}Update`),
};

/**
 * The standard fields of every record and the entity's stored and computed fields, as the database gives them back:
 * every key always there, null where the column may be empty (a field not `required` is a column without NOT NULL;
 * `created_by`/`updated_by` are empty for the engine's own writes). Write-only fields never leave the database.
 */
export function recordProperties(entity: EntityDef): Record<string, JsonSchema> {
  const properties: Record<string, JsonSchema> = {
    id: { type: 'integer', minimum: 1, readOnly: true },
    version: {
      type: 'integer',
      minimum: 1,
      readOnly: true,
      description: 'send it back with an update: a stale one is refused (409)',
    },
    createdAt: { type: 'string', format: 'date-time', readOnly: true },
    updatedAt: { type: 'string', format: 'date-time', readOnly: true },
    createdBy: { type: ['integer', 'null'], readOnly: true, description: 'the account that added the record' },
    updatedBy: { type: ['integer', 'null'], readOnly: true, description: 'the account that changed it last' },
  };
  for (const f of entity.fields) {
    if (f.writeOnly) continue;
    const schema: JsonSchema = { ...f.schema, ...(f.computed && { readOnly: true }) };
    properties[f.name] = f.required ? schema : orNull(schema);
  }
  return properties;
}

/** `_titles`: the titles of the records the row's references name, by field (engine/records/reference-titles.ts); sent where any is named. */
function titlesSchema(entity: EntityDef): JsonSchema {
  const refs = entity.fields.filter((f) => f.ref && !f.computed).map((f) => f.name);
  return refs.length
    ? {
        type: 'object',
        propertyNames: { enum: refs },
        additionalProperties: { type: 'string' },
        description: 'the title of the record each reference names',
      }
    : { type: 'object', maxProperties: 0 };
}

/** A record with what the caller may do with it and the titles of what it names; `_titles` only where it names any. */
const withAllowed = (entity: EntityDef, more: Record<string, JsonSchema> = {}): JsonSchema =>
  object({ ...recordProperties(entity), _allowed: allowedSchema(entity), _titles: titlesSchema(entity), ...more }, [
    '_titles',
  ]);

/** A child list of a record read by id: its rows with `_allowed`, and their own children where the metadata nests them. */
function childList(registry: Registry, c: ChildDef): JsonSchema {
  const child = registry.entity(c.entity);
  if (!c.children?.length) return { type: 'array', items: recordRef.withAllowed(child) };
  return {
    type: 'array',
    items: withAllowed(child, Object.fromEntries(c.children.map((g) => [g.key, childList(registry, g)]))),
  };
}

/**
 * The schemas of one entity: `<Name>Row` (a record), `<Name>` (with `_allowed`), `<Name>Detail` (read by id, with its
 * children, where it has any), and the bodies `<Name>Add` and `<Name>Update` as the record validator checks them.
 */
export function recordComponents(registry: Registry, entity: EntityDef): Record<string, JsonSchema> {
  const name = componentName(entity);
  const properties = recordProperties(entity);
  const label = { description: `${entity.name} record` };
  const out: Record<string, JsonSchema> = {
    [`${name}Row`]: { ...object(properties), ...label },
    [name]: { ...withAllowed(entity), ...label },
  };
  if (entity.children.length)
    out[`${name}Detail`] = {
      ...withAllowed(entity, Object.fromEntries(entity.children.map((c) => [c.key, childList(registry, c)]))),
      ...label,
    };
  const state = entity.workflow?.stateField;
  out[`${name}Add`] = recordSchema(entity, 'add', state);
  out[`${name}Update`] = recordSchema(entity, 'update', state);
  return out;
}

/** A record a dry run of a bulk add would add: as stored, without the id and version it never got. */
export function dryRunRow(entity: EntityDef): JsonSchema {
  const { id: _id, version: _version, ...properties } = recordProperties(entity);
  return object(properties);
}

/** The fields an add or an update takes, each as the record validator checks it. */
export function writableProperties(entity: EntityDef, mode: 'add' | 'update'): Record<string, JsonSchema> {
  return recordSchema(entity, mode, entity.workflow?.stateField).properties as Record<string, JsonSchema>;
}

/**
 * The records of an entity as hooks return them, for the command contracts: without `_allowed`, or with more columns
 * a hook's query adds, or with the children it loads.
 */
export interface RecordShapes {
  /** a record of the entity as stored (`<Name>Row`) */
  row(entity: string): JsonSchema;
  /** a record with more properties a hook adds (each always there unless `optional` names it) */
  rowWith(entity: string, extra: Record<string, JsonSchema>, optional?: readonly string[]): JsonSchema;
  /** a record with its children as loadChildren loads them (no `_allowed`) */
  rowWithChildren(entity: string): JsonSchema;
  /** the declared schema of one field of an entity, as stored (null where it may be empty) */
  field(entity: string, field: string): JsonSchema;
}

export function recordShapes(registry: Registry): RecordShapes {
  const childRows = (c: ChildDef): JsonSchema => {
    const child = registry.entity(c.entity);
    if (!c.children?.length) return { type: 'array', items: recordRef.row(child) };
    return {
      type: 'array',
      items: object({
        ...recordProperties(child),
        ...Object.fromEntries(c.children.map((g) => [g.key, childRows(g)])),
      }),
    };
  };
  return {
    row: (name) => recordRef.row(registry.entity(name)),
    rowWith: (name, extra, optional = []) => object({ ...recordProperties(registry.entity(name)), ...extra }, optional),
    rowWithChildren: (name) => {
      const e = registry.entity(name);
      return object({ ...recordProperties(e), ...Object.fromEntries(e.children.map((c) => [c.key, childRows(c)])) });
    },
    field: (name, field) =>
      recordProperties(registry.entity(name))[field] ??
      (() => {
        throw new Error(`${name} has no field ${field}`);
      })(),
  };
}

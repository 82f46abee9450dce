import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { MetadataFault } from '../metadata-error.ts';
import { createAjv } from '../schema-validator.ts';
import {
  LANGUAGES,
  type EntityMeta,
  type Language,
  type Messages,
  type ModuleMeta,
  type WorkflowMeta,
} from '../registry.ts';
import type { MetadataFiles, ReadFile } from './read.ts';

/** A metadata file that passed its schema: its path (for messages) and its data, typed by the schema. */
export interface Located<T> {
  readonly file: string;
  readonly data: T;
}

/** What phase 2 (validate) hands on: only the files their schema accepts, typed. */
export interface ValidMetadata {
  /** an invalid catalogue is empty (its faults stop the load) */
  readonly messages: Readonly<Record<Language, Messages>>;
  readonly modules: readonly Located<ModuleMeta>[];
  readonly entities: readonly (Located<EntityMeta> & { readonly module: string; readonly folder: string })[];
  readonly workflows: readonly (Located<WorkflowMeta> & { readonly folder: string })[];
}

type Kind = 'entity' | 'module' | 'workflow' | 'i18n';

/**
 * Phase 2, validate: each file read against its JSON Schema in metadata/schema (entity, module, workflow, i18n), every
 * error a fault with the file and the JSON pointer of the offending value; and a module's id and an entity's name equal
 * their folder's. A file its schema refuses goes no further, so that later phases see only well-formed data.
 * `passedBefore`: these very files passed their schemas before (validation-stamp.ts), so the schemas are not compiled.
 */
export function validateMetadata(files: MetadataFiles, faults: MetadataFault[], passedBefore = false): ValidMetadata {
  const validators = passedBefore ? null : compileValidators(files.schemaDir);
  const valid = <T>(read: ReadFile, kind: Kind): Located<T> | null => {
    if (read.json === undefined) return null;
    if (!validators) return { file: read.file, data: read.json as T };
    const validate = validators[kind];
    if (validate(read.json)) return { file: read.file, data: read.json as T };
    for (const err of validate.errors ?? [])
      faults.push({ file: read.file, pointer: pointerOf(err), message: messageOf(err, read.json) });
    return null;
  };

  const messages = Object.fromEntries(
    LANGUAGES.map((lang) => [lang, Object.freeze(valid<Record<string, string>>(files.i18n[lang], 'i18n')?.data ?? {})]),
  ) as Record<Language, Messages>;
  const modules: Located<ModuleMeta>[] = [];
  for (const m of files.modules) {
    const mod = valid<ModuleMeta>(m, 'module');
    if (!mod) continue;
    if (mod.data.id !== m.folder)
      faults.push({ file: mod.file, pointer: '/id', message: `must equal its folder name "${m.folder}"` });
    modules.push(mod);
  }
  const entities: ValidMetadata['entities'][number][] = [];
  for (const e of files.entities) {
    const ent = valid<EntityMeta>(e, 'entity');
    if (!ent) continue;
    if (ent.data.name !== e.folder)
      faults.push({ file: ent.file, pointer: '/name', message: `must equal its folder name "${e.folder}"` });
    entities.push({ ...ent, module: e.module, folder: e.folder });
  }
  const workflows = files.workflows.flatMap((w) => {
    const wf = valid<WorkflowMeta>(w, 'workflow');
    return wf ? [{ ...wf, folder: w.folder }] : [];
  });
  return { messages, modules, entities, workflows };
}

/** The four metadata schemas, compiled: all added before any is compiled, as they refer to each other. */
function compileValidators(schemaDir: string): Record<Kind, ValidateFunction> {
  const ajv = createAjv();
  const kinds = ['entity', 'module', 'workflow', 'i18n'] as const;
  // a command's conditions (entity) are the workflow's, a workflow's roles the entity's
  const schemas = kinds.map(
    (kind) => JSON.parse(readFileSync(join(schemaDir, `${kind}.schema.json`), 'utf8')) as { $id: string },
  );
  for (const schema of schemas) ajv.addSchema(schema);
  return Object.fromEntries(kinds.map((kind, i) => [kind, ajv.getSchema(schemas[i].$id)!])) as Record<
    Kind,
    ValidateFunction
  >;
}

function pointerOf(err: ErrorObject): string {
  const extra =
    err.keyword === 'additionalProperties'
      ? `/${(err.params as { additionalProperty: string }).additionalProperty}`
      : '';
  return (err.instancePath || '') + extra || '/';
}

function messageOf(err: ErrorObject, data: unknown): string {
  if (err.keyword === 'additionalProperties') return 'is not a known property';
  // every role (access, commands, transitions, locks, reminders) is checked against the one grammar of entity.schema.json
  if (err.keyword === 'pattern' && err.schemaPath.endsWith('/$defs/role/pattern'))
    return `names the unknown role "${String(valueAt(data, err.instancePath))}"; a role is holder, employee, employee:moduleAdmin, employee:anyModuleAdmin, public, self, supervisor, unowned, field:<a reference to employee>, member:<a reference to a team>, parent:<a reference>, child:<a child collection>.<its reference to employee> or parentField:<a reference>.<its reference to employee>`;
  if (err.keyword === 'enum')
    return `${err.message}: ${(err.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
  return err.message ?? err.keyword;
}

/** The value at a JSON pointer of a document. */
function valueAt(data: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (at, key) =>
        at && typeof at === 'object'
          ? (at as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')]
          : undefined,
      data,
    );
}

/**
 * The one shape of the metadata that the engine sends and the renderer reads: GET /api/v1/meta
 * (server/routes/meta-routes.ts builds it typed as MetaReply; renderer/src/meta/meta-types.ts takes it from here).
 * What the metadata files declare is typed once, by the JSON Schemas (engine/generated/metadata/, `npm run gen-types`);
 * what the engine derives from them (defaults, access, the caller's transitions) is typed here. Types only, importing
 * nothing but those generated types, so that both the engine (Node) and the renderer (the browser) compile it.
 */
import type { Field, FieldsSchema } from '../engine/generated/metadata/entity.ts';
import type { Text, TextParam } from '../engine/i18n/text.ts';
import type { ModuleMeta } from '../engine/generated/metadata/module.ts';
import type { WorkflowMeta } from '../engine/generated/metadata/workflow.ts';

type DeclaredScreen = NonNullable<ModuleMeta['screens']>[number];
/** A map parsed from JSON: its values are never undefined (the generated types allow it for any key not there). */
type JsonMap<M> = { readonly [K in keyof M]-?: Exclude<M[K], undefined> };

/** A step out of a state and who takes it, in words ("an employee with admin access to the module …"). */
export interface NextStep {
  readonly action: string;
  readonly who: TextParam;
  /** the field naming the one employee who takes it (a submission's approver): a record page says that person's name */
  readonly named?: string;
}

/** A screen as module.json declares it. */
export type ScreenMeta = Omit<DeclaredScreen, 'preset' | 'errors' | 'params'> & {
  readonly preset?: JsonMap<NonNullable<DeclaredScreen['preset']>>;
  readonly errors?: JsonMap<NonNullable<DeclaredScreen['errors']>>;
  readonly params?: JsonMap<NonNullable<DeclaredScreen['params']>>;
};

/**
 * A field's JSON Schema as entity.json declares it, plus what else a schema may carry (items of an array, a report
 * parameter's x-enumNames) and the standard fields the renderer adds (id, createdAt).
 */
export type FieldSchema = Omit<Partial<Field>, 'type'> & {
  readonly type: Field['type'] | string;
  readonly [k: string]: unknown;
};

/** `x-questions`: which questions an array of answers answers, and on which scale (metadata/schema/entity.schema.json). */
export type QuestionsOf = NonNullable<Field['x-questions']>;

/** An entity's fields as entity.json declares them (entity.schema.json's FieldsSchema, each field a FieldSchema). */
export interface EntitySchema extends Omit<FieldsSchema, 'properties'> {
  readonly properties: Readonly<Record<string, FieldSchema>>;
}

/** How a report cell is shown and exported. */
export type ReportColumnFormat = 'text' | 'integer' | 'number' | 'percent' | 'date' | 'option';

export interface ReportColumn {
  readonly key: string;
  readonly title: string;
  readonly format: ReportColumnFormat;
}

/** A report parameter: a small JSON Schema with a title (x-ref for a record, enum with x-enumNames for a choice). */
export type ReportParameter = FieldSchema & {
  readonly type: 'integer' | 'number' | 'string' | 'boolean';
  readonly title: string;
  readonly 'x-ref'?: string;
  readonly 'x-enumNames'?: string[];
  /** the choice offers the values of one field of another entity's records, those matching the other filters chosen */
  readonly 'x-choicesFrom'?: ChoicesFrom;
};

/** Where a report filter takes its choices: `field` of the `entity`'s records whose `match` keys equal the named parameters. */
export interface ChoicesFrom {
  readonly entity: string;
  readonly field: string;
  readonly match?: Readonly<Record<string, string>>;
}

/** What a GET hook command that is a report declares (entity.schema.json, `commands[].report`), as the engine holds it. */
export interface ReportDef {
  /** the query parameters by name */
  readonly parameters: Readonly<Record<string, ReportParameter>>;
  readonly required: readonly string[];
  readonly columns: readonly ReportColumn[];
  readonly chart?: {
    readonly type: 'bar' | 'stackedBar' | 'line' | 'pie';
    readonly category: string;
    readonly values: readonly string[];
  };
}

/** My inbox: every module's waiting work in one screen, so it stands in the navigation beside the modules, not in a home. */
export const INBOX_PATH = '/app/my-inbox/main';

/** A tab of a module home: one screen shown in the tab, or a group of screens shown as tiles that open them. */
export type HomeTab = { readonly path: string } | { readonly label: string; readonly screens: readonly string[] };

/** The place the navigation opens for a module (engine/metadata/module-home.ts): its tabs in order. */
export interface ModuleHomeShape {
  /** /app/home/<module id> */
  readonly path: string;
  readonly tabs: readonly HomeTab[];
}

/** A module as the engine holds it (engine/metadata/registry.ts, ModuleDef) and sends it: its defaults filled in. */
export interface ModuleShape {
  readonly id: string;
  /** an i18n key */
  readonly label: string;
  readonly role: NonNullable<ModuleMeta['role']>;
  readonly core: boolean;
  readonly routeBase?: string;
  readonly screens: readonly ScreenMeta[];
  /** its home, declared or by default (none for a public module); for a caller, only the tabs they may open */
  readonly home?: ModuleHomeShape;
  /** the names of its entities */
  readonly entities: readonly string[];
}

/** A list as the engine fills it in from entity.json (its columns, filters, search and sort, or their defaults). */
export interface ListShape {
  readonly columns: readonly string[];
  readonly filters: readonly string[];
  readonly search: readonly string[];
  readonly sort: string;
  readonly pageSize: number;
}

/** A child collection of a record: its key, the child entity and the child's reference to the parent. */
export interface ChildShape {
  readonly key: string;
  readonly entity: string;
  readonly via: string;
  /** the state of the parent's workflow from which this section is open (entity.schema.json `opensAt`) */
  readonly opensAt?: string;
  readonly children: readonly ChildShape[];
}

/** `field` is required whenever each field named in `when` has one of its listed values (an annual scorecard's plan). */
export interface RequiredWhenShape {
  readonly field: string;
  readonly when: Readonly<Record<string, readonly (string | number | boolean)[]>>;
}

export type CommandKind = 'patch' | 'bulkAdd' | 'bulkDelete' | 'upload' | 'attach' | 'hook' | 'share';

/** A command as the caller may try it. */
export interface CommandReply {
  readonly name: string;
  readonly kind: CommandKind;
  readonly method: 'GET' | 'POST';
  readonly fields: readonly string[];
  readonly dataKey: string;
  readonly error?: string;
  /** upload and attach commands: which files they take */
  readonly maxBytes?: number;
  readonly mimeTypes?: readonly string[];
  /** upload: the i18n key of the question confirmed before the file is sent (a step that cannot be undone) */
  readonly confirm?: string;
  /** upload: the command that removes the file again (offered beside the file where the record allows it) */
  readonly removedBy?: string;
  readonly report?: ReportDef;
}

/** An entity as the caller sees it: what the renderer needs to list, show and edit its records. */
export interface EntityReply {
  readonly name: string;
  readonly module: string;
  readonly scope: 'platform' | 'company';
  readonly label: string;
  readonly schema: EntitySchema;
  readonly list: ListShape;
  readonly form: { readonly uiSchema: Readonly<Record<string, unknown>> };
  readonly errors: Readonly<Record<string, string>>;
  readonly children: readonly ChildShape[];
  /** fields required only on records of some kinds */
  readonly requiredWhen?: readonly RequiredWhenShape[];
  readonly dataKeys: { readonly list: string; readonly item: string };
  readonly titleField: string;
  /** where its uploads are read: the company's files or the platform's */
  readonly fileStore: 'file' | 'platform-file';
  /**
   * the workflow with the transitions the caller may try (the server decides per record again); its `reasons` hold,
   * besides the declared ones, the notes every transition into a state requires (also those of transitions the caller
   * may not take: a supervisor reads why an administrator sent an assessment back); `next` names, by state, the steps
   * out of it and who takes them, so that a screen says whose turn it is to someone who has none of them
   */
  readonly workflow?: WorkflowMeta & { readonly next?: Readonly<Record<string, readonly NextStep[]>> };
  /** the field naming the employee a record belongs to */
  readonly owner?: string;
  /** the stages a record passes through, in order, and the field holding its stage: its workflow's, or its stageField's */
  readonly lifecycle?: {
    readonly field: string;
    readonly states: readonly string[];
    /** outcomes of one decision (Processed or Declined), drawn as alternatives at one place of the stepper */
    readonly alternatives?: readonly (readonly string[])[];
  };
  readonly commands: readonly CommandReply[];
  /** what the caller may try on this kind of record; each record says for itself in its `_allowed` */
  readonly can: { readonly add: boolean; readonly update: boolean; readonly delete: boolean };
  /** recipients of a public flow: the fields recording that the link was sent and that it was answered */
  readonly sharing?: { readonly sent?: string; readonly submitted: string };
}

/** Every screen path of the product with the role that may open it, so that a guard can tell "not yours" from "no such page". */
export interface RouteReply {
  readonly path: string;
  readonly role: ModuleShape['role'];
  readonly module: string;
  /** public pages: the component that shows them */
  readonly component?: string;
}

/** GET /api/v1/meta: the modules and entities the caller may see, and every route. */
export interface MetaReply {
  readonly modules: readonly ModuleShape[];
  readonly entities: readonly EntityReply[];
  readonly routes: readonly RouteReply[];
}

/**
 * "What may I do here" for one record, sent with it as `_allowed` (engine/access/record-permissions.ts) so that a screen
 * shows exactly these controls.
 */
export interface RecordAllowed {
  update: boolean;
  delete: boolean;
  /** the workflow transitions open now: from the record's state, the caller admitted to them, and their conditions met */
  transitions: string[];
  /** the commands that act on this record (patch, upload, share, POST hooks) the caller may run on it */
  commands: string[];
  /** the open transitions the caller would take in place of the employee the record names for them (its approver): that employee's name, by action */
  inPlaceOf?: Record<string, string>;
  /** on a record read by id: the keys of its child collections the caller may add to now (engine/access/child-permissions.ts) */
  addChildren?: string[];
  /** the record is locked (by its state, or its parent's) but these fields stay open: update says true for these alone */
  fields?: string[];
  /** the record's child collections (by key) that its lock closes: nothing is added there (their records say what of them may still change) */
  lockedChildren?: string[];
  /** the transitions the caller could take but for their window (workflow `window`): its dates by action, null while not set */
  closed?: Record<string, { from: string | null; to: string | null }>;
  /** fields the spec gives to another party (x-writeRoles): shown to this caller, not changed by them */
  readOnlyFields?: string[];
  /**
   * the transitions the caller could take but for a condition the record fails now (workflow `when`): the refusal a
   * click would get, as a text to word in the reader's language, by action, so that a screen says why it is not offered
   */
  awaiting?: Record<string, Text>;
}

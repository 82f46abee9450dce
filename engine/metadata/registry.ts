import type { InsideDef, TotalDef } from '../records/cross-record-checks.ts';
import type { ReportDef } from './report-definition.ts';
import type { EntityMeta } from '../generated/metadata/entity.ts';
import type { ModuleMeta } from '../generated/metadata/module.ts';
import type { Condition, WorkflowMeta } from '../generated/metadata/workflow.ts';
import type {
  ChildShape,
  CommandKind,
  EntitySchema,
  ListShape,
  ModuleShape,
  RequiredWhenShape,
} from '../../contract/meta-reply.ts';

export type Role =
  | 'holder'
  | 'employee'
  | 'employee:moduleAdmin'
  | 'employee:anyModuleAdmin'
  | 'public'
  | 'self'
  | 'supervisor'
  | 'unowned'
  | `field:${string}`
  | `member:${string}`
  | `parent:${string}`
  | `child:${string}`
  | `parentField:${string}`;

/** Field values by field: a record matches when each field named has one of its values. */
export type FieldCondition = Readonly<Record<string, readonly (string | number | boolean)[]>>;

/** A mail sent once per record and date value when the record's date comes near or has passed. */
export interface ReminderDef {
  readonly name: string;
  readonly date: string;
  readonly daysBefore?: number;
  readonly daysAfter?: number;
  readonly to: readonly Role[];
  readonly subject: string;
  readonly onlyWhen: Readonly<Record<string, readonly (string | number | boolean)[]>>;
  readonly skipWhenSet: readonly string[];
}

/** One kind of My inbox item an entity declares (entity.json `inbox`; engine/inbox builds them). */
export interface InboxKindDef {
  readonly kind: string;
  readonly area: 'scorecards' | 'reviews' | 'monthly' | 'strategy' | 'audit' | 'development';
  readonly when: FieldCondition;
  readonly who: readonly Role[];
  readonly screen: string;
  /** fields, or <reference>.<field> of the record that reference names, tried in turn: the first not empty names it */
  readonly title: readonly string[];
  readonly date?: string;
  /** a reference to employee naming whom the item is about, where not the owner */
  readonly person?: string;
  readonly annualPlan?: string;
  readonly quarter?: string;
  readonly type?: string;
}

/** Where a team's members are listed: the membership table, its column naming the team and the one naming the employee. */
export interface Membership {
  readonly table: string;
  readonly viaColumn: string;
  readonly employeeColumn: string;
  /** for a parentField role: the referenced entity, so that a refusal names its field by its label */
  readonly namedBy?: EntityDef;
  /** access.memberWhen, for a member:<field> role: only the memberships whose columns hold one of these values */
  readonly where?: Readonly<Record<string, readonly (string | number | boolean)[]>>;
  /** access.memberWhen: only the records matching one of these */
  readonly records?: readonly FieldCondition[];
  /** access.memberWhen: never a record of the member or of anyone above him in his supervisor line */
  readonly exceptOwnLine?: boolean;
}

/** access.memberWhen of one member:<field> role, as the entity declares it (fields by name) */
export interface MemberCondition {
  readonly members?: FieldCondition;
  readonly records?: readonly FieldCondition[];
  readonly exceptOwnLine?: boolean;
}
export type Action = 'read' | 'add' | 'update' | 'delete';
export type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
export type JsonSchema = Record<string, unknown>;

/** A field as the engine uses it: its schema plus what the x- keywords and the entity decide. */
export interface FieldDef {
  readonly name: string;
  readonly column: string;
  readonly type: FieldType;
  readonly format?: string;
  readonly enum?: readonly (string | number)[];
  readonly required: boolean;
  readonly ref?: string;
  readonly onDelete: 'restrict' | 'cascade' | 'setNull';
  readonly computed?: string;
  readonly readOnly: boolean;
  /** written, never returned (selects leave it out) */
  readonly writeOnly: boolean;
  /** stored sealed with the secret key (needs writeOnly) */
  readonly encrypted: boolean;
  /** HTML from a rich-text editor: stored only after sanitising (x-html) */
  readonly html: boolean;
  /** the roles that may change it (x-writeRoles; engine/access/field-write-roles.ts); undefined: whoever may update the record */
  readonly writeRoles?: readonly Role[];
  readonly renamedFrom?: string;
  readonly default?: unknown;
  readonly schema: JsonSchema;
}

/** field >= notBefore; a refusal names `blame` (the field the metadata declared the rule on). */
export interface RuleDef {
  readonly field: string;
  readonly notBefore: string;
  readonly blame: string;
}

/** `field` is required whenever each field named in `when` has one of its listed values (the renderer's shape too). */
export type RequiredWhenDef = RequiredWhenShape;

/** A child collection (the renderer's shape too: contract/meta-reply.ts). */
export type ChildDef = ChildShape;

/**
 * A lock of a workflow (workflow.json `locks`, engine/records/state-locks.ts): in its states the record, and the
 * records of its child collections, are closed to writes but for what it opens, and but for the roles it excepts.
 */
export interface LockDef {
  readonly states: readonly string[];
  /** fields of the record still written */
  readonly fields: readonly string[];
  /** child collections (key paths from the record: "actionList", "riskControlList.procedureList") still open to every write */
  readonly openChildren: readonly string[];
  /** by child collection (key path), the fields of its records still changed (none added or deleted) */
  readonly childFields: Readonly<Record<string, readonly string[]>>;
  /** roles the lock does not hold for, decided on the locked record */
  readonly exceptRoles: readonly Role[];
  /** a lock by a field's value (entity.json `lockedWhen`), not by a workflow state: the text completing "<record> …"
   * that says why, and the fields it fixes (others stay open and the record may be deleted); none: all fixed */
  readonly byField?: { readonly reason: string; readonly fixed?: readonly string[] };
}

/** A lock by a stored field's value (entity.json `lockedWhen`; engine/metadata/field-locks.ts): held while `field`
 * has one of `values`, or (`filled`) any value. */
export interface FieldLockDef {
  readonly field: string;
  readonly values?: readonly (string | number | boolean)[];
  readonly filled?: true;
  readonly lock: LockDef;
}

/**
 * How records of an entity hang under an entity whose workflow locks: the reference fields walked up from the record
 * to its locking ancestor (one step for a child, two for a child's child), and the child collection's key path.
 */
export interface LockRoute {
  /** the locking ancestor's entity */
  readonly holder: string;
  /** the key path of the collection the records are in, from the ancestor ("keyPerformanceAreaList.kpiList"); for a
   * reference that holds the record (`heldBy`), "@" and the reference ("@annualPlanId"), which no lock opens */
  readonly path: string;
  /** a hold the record declares (`heldBy`): the referenced record holds it while its `field` has one of `values`,
   * instead of by its workflow's locks */
  readonly heldWhen?: { readonly field: string; readonly values: readonly (string | number | boolean)[] };
  /** from the record up: each reference field and the entity it refers to; the last one is the holder */
  readonly up: readonly { readonly via: string; readonly entity: string }[];
}

export interface CommandDef {
  readonly name: string;
  readonly kind: CommandKind;
  readonly method: 'GET' | 'POST';
  readonly fields: readonly string[];
  readonly input?: JsonSchema;
  /** bulkAdd: reference fields an item may name by a unique field of the referenced record (`supervisorId` → `email`) */
  readonly lookups: Readonly<Record<string, string>>;
  readonly hook?: string;
  readonly access: readonly Role[];
  /** conditions on the record the command acts on, as a transition's `when` (engine/metadata/command-conditions.ts) */
  readonly when?: readonly Condition[];
  readonly dataKey: string;
  readonly error?: string;
  readonly maxBytes: number;
  readonly mimeTypes: readonly string[];
  /** upload: the i18n key of the question confirmed before the file is sent (a step that cannot be undone) */
  readonly confirm?: string;
  /** upload: the POST hook command that removes the file again, offered beside it */
  readonly removedBy?: string;
  /** upload and attach: the read-only fields that take the stored file's name, size, type and checksum */
  readonly fileInfo: Readonly<Partial<Record<'name' | 'size' | 'mimeType' | 'sha256', string>>>;
  /** GET hook commands that are reports: their parameters, columns and chart */
  readonly report?: ReportDef;
}

/** A flow a respondent takes through a mailed, expiring link, never signing in; the entity's records are its recipients. */
export interface PublicFlowDef {
  readonly name: string;
  readonly page: string;
  readonly authPage: string;
  readonly email: string;
  readonly respondentName?: string;
  /** the reference to employee naming the colleague the recipient is, who may answer signed in (POST …/mine) */
  readonly employee?: string;
  readonly submitted: string;
  readonly sent?: string;
  readonly expiresInDays: number;
  /** a date field of the recipient or through one of its references (`surveyId.endDate`): the link works to the end of that day */
  readonly expiresWith?: string;
  readonly info: string;
  readonly answers: { readonly entity: string; readonly via: string; readonly key: string };
  readonly mail: string;
  /** error titles of the respondent's calls */
  readonly errors: { readonly auth: string; readonly answer: string; readonly submit: string };
  /** conditions the recipient must meet for each of the respondent's steps (the share step's are its command's `when`) */
  readonly when?: readonly Condition[];
}

export interface EntityDef {
  readonly name: string;
  readonly camelName: string;
  readonly module: string;
  readonly scope: 'platform' | 'company';
  readonly label: string;
  readonly table: string;
  readonly tenantKey?: string;
  /** Platform entities: the reference to module whose enablement lets a company's employees see a record (none: everyone). */
  readonly moduleKey?: string;
  /** The employee a record belongs to (a field referring to employee): what the roles self and supervisor look at. */
  readonly owner?: string;
  /** the enum field holding the stage of a record without a workflow (entity.json `stageField`; engine/metadata/lifecycle.ts) */
  readonly stageField?: string;
  readonly system: boolean;
  /** Stored and computed fields in declaration order. */
  readonly fields: readonly FieldDef[];
  readonly field: ReadonlyMap<string, FieldDef>;
  /** The declared JSON Schema of the fields, as entity.schema.json takes it (and as a plain schema, for ajv). */
  readonly schema: EntitySchema & JsonSchema;
  readonly unique: readonly (readonly string[])[];
  /** extra (non-unique) indexes: field combinations, each led by company_id and ended by id */
  readonly indexes: readonly (readonly string[])[];
  /** field >= notBefore whenever both are given (an end date never before its start) */
  readonly rules: readonly RuleDef[];
  /** fields required only on records of some kinds (rules with requiredWhen), checked by the engine, shown by the forms */
  readonly requiredWhen: readonly RequiredWhenDef[];
  /** sums over the records sharing a reference (a plan's pillar weights at most 100), engine/records/cross-record-checks.ts */
  readonly totals: readonly TotalDef[];
  /** dates within a referenced record's (a milestone within its project) */
  readonly inside: readonly InsideDef[];
  readonly children: readonly ChildDef[];
  readonly list: ListShape;
  readonly form: { readonly uiSchema: JsonSchema };
  readonly errors: Readonly<Record<string, string>>;
  readonly access: Readonly<Record<Action, readonly Role[]>>;
  /** the records of nobody the role unowned admits: those matching one of these (none: every record of nobody) */
  readonly unownedWhen?: readonly FieldCondition[];
  /** which records the owner roles self and supervisor judge: those matching one of these (access.ownedWhen); all where not given */
  readonly ownedWhen?: readonly FieldCondition[];
  /** narrows the member:<field> roles, by <field> (access.memberWhen); joined into `memberships` by the loader */
  readonly memberWhen?: Readonly<Record<string, MemberCondition>>;
  readonly dataKeys: { readonly list: string; readonly item: string };
  readonly afterWrite?: string;
  /** Derives read-only fields (and may refuse) before add and update, in the write's transaction. */
  readonly beforeWrite?: string;
  /** May refuse a delete (a record an accepted plan has settled), in the delete's transaction. */
  readonly beforeDelete?: string;
  readonly commands: readonly CommandDef[];
  readonly workflow?: WorkflowMeta;
  /** the workflow's locks, checked by the loader */
  readonly locks: readonly LockDef[];
  /** where records of this entity sit in the child collections of an entity that locks (its records' ancestors to ask),
   * and the references that hold them (`heldBy`) */
  readonly lockRoutes: readonly LockRoute[];
  /** references whose record holds this one in some states (entity.json `heldBy`; engine/metadata/reference-holds.ts) */
  readonly heldBy: readonly {
    readonly ref: string;
    readonly field: string;
    readonly values: readonly (string | number | boolean)[];
  }[];
  /** locks by a stored field's value (entity.json `lockedWhen`), set by the loader (engine/metadata/field-locks.ts) */
  readonly fieldLocks: readonly FieldLockDef[];
  /** conditions the record as it will be stored meets, by write (entity.json `writeWhen`; engine/records/write-conditions.ts) */
  readonly writeWhen: { readonly add?: readonly Condition[]; readonly update?: readonly Condition[] };
  /** a team entity's membership entity: who the role member:<field> admits */
  readonly members?: { readonly entity: string; readonly via: string; readonly employee: string };
  readonly reminders: readonly ReminderDef[];
  /** what waits for a person in My inbox (entity.json `inbox`) */
  readonly inbox: readonly InboxKindDef[];
  readonly publicFlow?: PublicFlowDef;
  /** for each member:<field> role this entity names (by <field>) and each child:<key>.<field> role (by the whole role), where to look the caller up (filled by the loader) */
  readonly memberships: Map<string, Membership>;
  /** for each parent:<field> role of its read, the entity that field references, whose readers read this one (filled by the loader) */
  readonly parents: Map<string, EntityDef>;
  /** The metadata file it came from, for messages. */
  readonly source: string;
}

/** A module with its defaults filled in: the engine's and the renderer's shape (contract/meta-reply.ts). */
export type ModuleDef = ModuleShape;

export type Messages = Readonly<Record<string, string>>;
export type Language = 'en' | 'bn' | 'de';
export const LANGUAGES: readonly Language[] = ['en', 'bn', 'de'];

export interface Registry {
  readonly entities: ReadonlyMap<string, EntityDef>;
  readonly modules: ReadonlyMap<string, ModuleDef>;
  readonly messages: Readonly<Record<Language, Messages>>;
  /** A hash of the whole metadata, recorded with each migration. */
  readonly hash: string;
  entity(name: string): EntityDef;
}

export type { EntityMeta, ModuleMeta, WorkflowMeta };

/** What GET /api/v1/meta tells the renderer (server/routes/meta-routes.ts). */
export interface ScreenMeta {
  path: string;
  kind: 'list' | 'form' | 'detail' | 'report' | 'dashboard' | 'redirect' | 'custom' | 'tabs';
  entity?: string;
  to?: string;
  component?: string;
  label?: string;
  mode?: 'add' | 'edit';
  preset?: Record<string, string | number | boolean>;
  owner?: 'me' | 'reports';
  add?: string;
  edit?: string;
  errors?: Record<string, string>;
  tabs?: string[];
  /** list screens: the GET command of the entity that gives the page (contract/ended) instead of the plain list */
  source?: string;
  /** route (:id) or query (?cardId=) parameters that name field values, by parameter; "id" names the record a form edits */
  params?: Record<string, string>;
  /** report screens: the entity's GET command that declares the report */
  report?: string;
  /** edit form screens: components (custom-panels.ts) shown under the form for its record */
  panels?: string[];
  /** add forms: a transition taken on the new record once it is added (a send form adds and sends) */
  then?: string;
  /** edit screens shown as a report: no Save, nothing to type into */
  readOnly?: boolean;
}

/** A report a GET command declares: its filters (parameters), its columns and its chart (engine/metadata/report-definition.ts). */
export interface ReportMeta {
  /** x-enumNames: the labels (i18n keys or plain text) of an enum's values, in order */
  readonly parameters: Readonly<Record<string, FieldSchema & { title: string; 'x-enumNames'?: string[] }>>;
  readonly required: readonly string[];
  readonly columns: readonly { key: string; title: string; format: 'text' | 'integer' | 'number' | 'percent' | 'date' | 'option' }[];
  readonly chart?: { readonly type: 'bar' | 'stackedBar' | 'line' | 'pie'; readonly category: string; readonly values: readonly string[] };
}

export interface ModuleMeta {
  id: string;
  label: string;
  role: 'holder' | 'employee' | 'public';
  core: boolean;
  routeBase?: string;
  screens: ScreenMeta[];
}

export interface EntityMeta {
  name: string;
  module: string;
  scope: 'platform' | 'company';
  label: string;
  schema: { type: 'object'; required?: string[]; properties: Record<string, FieldSchema> };
  list: { columns: string[]; filters: string[]; search: string[]; sort: string; pageSize: number };
  form: { uiSchema: Record<string, unknown> };
  errors: Record<string, string>;
  children: { key: string; entity: string; via: string }[];
  /** fields required only on records of some kinds: `field` when each field of `when` has one of its values */
  requiredWhen?: { field: string; when: Record<string, (string | number | boolean)[]> }[];
  dataKeys: { list: string; item: string };
  titleField: string;
  /** where its uploads are read: the company's files or the platform's */
  fileStore: 'file' | 'platform-file';
  /** the transitions the caller may try (the server decides per record again); `requires`: fields the transition asks for (a reason) */
  workflow?: { stateField: string; transitions: { action: string; from: string[]; to: string; access?: string[]; requires?: string[]; error?: string }[] };
  /** upload and attach commands also say which files they take */
  /** recipients of a public flow: the fields recording that the link was sent and that it was answered */
  sharing?: { sent?: string; submitted: string };
  commands: { name: string; kind: string; method: string; fields: string[]; dataKey: string; error?: string; maxBytes?: number; mimeTypes?: string[]; report?: ReportMeta }[];
  /** what the caller may try on this kind of record; each record says for itself in its `_allowed` (meta/record-allowed.ts) */
  can: { add: boolean; update: boolean; delete: boolean };
  /** the field naming the employee a record belongs to */
  owner?: string;
}

export interface FieldSchema {
  type: string;
  title?: string;
  format?: string;
  enum?: (string | number)[];
  readOnly?: boolean;
  default?: unknown;
  'x-ref'?: string;
  'x-computed'?: string;
  'x-money'?: boolean;
  'x-file'?: boolean;
  /** an array of answers to the questions it names (engine/metadata/schema-validator.ts, X_OBJECT_KEYWORDS) */
  'x-questions'?: QuestionsOf;
  /** the value is an i18n key (a module's label) */
  'x-i18n'?: boolean;
  [k: string]: unknown;
}

/** Every screen path of the product with the role that may open it, so that a guard can tell "not yours" from "no such page". */
export interface RouteMeta {
  path: string;
  role: 'holder' | 'employee' | 'public';
  module: string;
  /** public pages: the component that shows them */
  component?: string;
}

export interface Meta {
  modules: ModuleMeta[];
  entities: EntityMeta[];
  routes: RouteMeta[];
}

/** `x-questions`: which questions an array of answers answers, and on which scale (metadata/schema/entity.schema.json). */
export interface QuestionsOf {
  entity: string;
  by: string;
  key: string;
  text: string;
  group?: string;
  scale?: string;
  save?: string;
}

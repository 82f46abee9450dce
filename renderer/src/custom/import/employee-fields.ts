/**
 * The employee fields a file may fill, in the order the screens show them. Organisation units come as names and are
 * resolved to ids; the supervisor comes as an e-mail address; the head flags are Yes/No; everything else is text.
 */

/** The organisation levels, top down; each level's parent is the level before it (its `field` on the level's records). */
export const ORG_LEVELS = [
  { entity: 'business-unit', field: 'businessUnitId', headField: 'businessUnitHead' },
  { entity: 'department', field: 'departmentId', headField: 'departmentHead' },
  { entity: 'division', field: 'divisionId', headField: 'divisionHead' },
  { entity: 'section', field: 'sectionId', headField: 'sectionHead' },
  { entity: 'sub-section', field: 'subSectionId', headField: 'subSectionHead' },
  { entity: 'sub-sub-section', field: 'subSubSectionId', headField: 'subSubSectionHead' },
] as const;

export type OrgLevel = (typeof ORG_LEVELS)[number]['entity'];
export type OrgField = (typeof ORG_LEVELS)[number]['field'];
export type HeadField = (typeof ORG_LEVELS)[number]['headField'];

export const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'employeeNumber', 'jobTitle'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** The supervisor, named in the file by e-mail: an employee of the company or of an earlier row (the server finds them). */
export const SUPERVISOR_FIELD = 'supervisorId';

export type ImportField = TextField | typeof SUPERVISOR_FIELD | OrgField | HeadField | 'status';

export const IMPORT_FIELDS: readonly ImportField[] = [
  ...TEXT_FIELDS,
  SUPERVISOR_FIELD,
  ...ORG_LEVELS.map((l) => l.field),
  ...ORG_LEVELS.map((l) => l.headField),
  'status',
];

/** Fields every row needs (the employee schema's required fields). */
export const REQUIRED_FIELDS: readonly ImportField[] = ['firstName', 'lastName'];

export const isImportField = (name: string): name is ImportField => (IMPORT_FIELDS as readonly string[]).includes(name);

/** What one row sends to employee/add-bulk: only the fields the file filled; the supervisor by e-mail (the command's lookup). */
export type EmployeeItem = Partial<
  Record<TextField, string> &
    Record<OrgField, number> &
    Record<HeadField, 'Yes' | 'No'> & { status: 'Active' | 'Inactive'; [SUPERVISOR_FIELD]: { email: string } }
>;

/** The longest text each field takes (from the employee schema's maxLength). */
export type FieldLimits = Partial<Record<TextField, number>>;

/** Reads the limits from the employee schema in the meta, so that they stay those the server checks. */
export function limitsFromSchema(properties: Record<string, { [key: string]: unknown }>): FieldLimits {
  const limits: FieldLimits = {};
  for (const f of TEXT_FIELDS) {
    const max = properties[f]?.maxLength;
    if (typeof max === 'number') limits[f] = max;
  }
  return limits;
}

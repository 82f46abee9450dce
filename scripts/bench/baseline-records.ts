/**
 * What the hand-written baseline knows about its two tables, written out by hand as a service without a metadata
 * engine would: the column lists (the same text the engine sends, so that PostgreSQL does the same work), the derived
 * fields, and the employee's input rules.
 */
export const EMPLOYEE_COLUMNS =
  '"id", "version", "created_at" AS "createdAt", "updated_at" AS "updatedAt", "created_by" AS "createdBy", "updated_by" AS "updatedBy", ' +
  '"first_name" AS "firstName", "last_name" AS "lastName", "email", "employee_number" AS "employeeNumber", "job_title" AS "jobTitle", ' +
  '"business_unit_id" AS "businessUnitId", "department_id" AS "departmentId", "division_id" AS "divisionId", "section_id" AS "sectionId", ' +
  '"sub_section_id" AS "subSectionId", "sub_sub_section_id" AS "subSubSectionId", "supervisor_id" AS "supervisorId", "acting_supervisor_id" AS "actingSupervisorId", ' +
  '"business_unit_head" AS "businessUnitHead", "department_head" AS "departmentHead", "division_head" AS "divisionHead", ' +
  '"section_head" AS "sectionHead", "sub_section_head" AS "subSectionHead", "sub_sub_section_head" AS "subSubSectionHead", "status"';

export const AUDIT_COLUMNS =
  '"id", "version", "created_at" AS "createdAt", "updated_at" AS "updatedAt", "created_by" AS "createdBy", "updated_by" AS "updatedBy", ' +
  '"entity", "record_id" AS "recordId", "action", "done_by" AS "doneBy", "done_by_name" AS "doneByName", "done_at" AS "doneAt", "before", "after"';

type Employee = Record<string, unknown>;

const HEAD_FLAGS = [
  'businessUnitHead',
  'departmentHead',
  'divisionHead',
  'sectionHead',
  'subSectionHead',
  'subSubSectionHead',
];

/** fullName and head, as the screens show them. */
export function withDerived(e: Employee): Employee {
  e.fullName = [e.firstName, e.lastName].filter((s) => typeof s === 'string' && s.trim()).join(' ');
  e.head = HEAD_FLAGS.some((f) => e[f] === 'Yes') ? 'Yes' : 'No';
  return e;
}

type Rule = { column: string; check: (v: unknown) => string | null };
const text =
  (max: number, min = 0) =>
  (v: unknown) =>
    typeof v !== 'string'
      ? 'must be string'
      : v.length < min
        ? `must NOT have fewer than ${min} characters`
        : v.length > max
          ? `must NOT have more than ${max} characters`
          : null;
const id = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? null : 'must be integer');
const yesNo = (v: unknown) => (v === 'Yes' || v === 'No' ? null : 'must be one of Yes, No');
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** Every writable employee field: its column and its check. */
export const EMPLOYEE_FIELDS: Record<string, Rule> = {
  firstName: { column: 'first_name', check: text(100, 1) },
  lastName: { column: 'last_name', check: text(100, 1) },
  email: {
    column: 'email',
    check: (v) => text(254)(v) ?? (EMAIL.test(v as string) ? null : 'must match format "email"'),
  },
  employeeNumber: { column: 'employee_number', check: text(50) },
  jobTitle: { column: 'job_title', check: text(200) },
  businessUnitId: { column: 'business_unit_id', check: id },
  departmentId: { column: 'department_id', check: id },
  divisionId: { column: 'division_id', check: id },
  sectionId: { column: 'section_id', check: id },
  subSectionId: { column: 'sub_section_id', check: id },
  subSubSectionId: { column: 'sub_sub_section_id', check: id },
  supervisorId: { column: 'supervisor_id', check: id },
  actingSupervisorId: { column: 'acting_supervisor_id', check: id },
  businessUnitHead: { column: 'business_unit_head', check: yesNo },
  departmentHead: { column: 'department_head', check: yesNo },
  divisionHead: { column: 'division_head', check: yesNo },
  sectionHead: { column: 'section_head', check: yesNo },
  subSectionHead: { column: 'sub_section_head', check: yesNo },
  subSubSectionHead: { column: 'sub_sub_section_head', check: yesNo },
  status: {
    column: 'status',
    check: (v) => (v === 'Active' || v === 'Inactive' ? null : 'must be one of Active, Inactive'),
  },
};

/** The problems of an add (required names) or an update (id and version, any subset of fields); null clears an optional field. */
export function employeeProblems(body: unknown, mode: 'add' | 'update'): { field: string; message: string }[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return [{ field: '', message: 'must be object' }];
  const b = body as Employee;
  const out: { field: string; message: string }[] = [];
  if (mode === 'add')
    for (const f of ['firstName', 'lastName']) if (b[f] === undefined) out.push({ field: f, message: 'is required' });
  if (mode === 'update')
    for (const f of ['id', 'version'])
      if (!(typeof b[f] === 'number' && Number.isInteger(b[f]) && (b[f] as number) >= 1))
        out.push({ field: f, message: 'must be integer >= 1' });
  for (const [k, v] of Object.entries(b)) {
    if (mode === 'update' && (k === 'id' || k === 'version')) continue;
    const rule = EMPLOYEE_FIELDS[k];
    if (!rule) out.push({ field: k, message: `is not a field of employee` });
    else if (v === null ? k === 'firstName' || k === 'lastName' : rule.check(v))
      out.push({ field: k, message: v === null ? 'must be string' : rule.check(v)! });
  }
  return out;
}

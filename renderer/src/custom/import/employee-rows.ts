import { columnOfField, type ColumnMapping } from './column-mapping.ts';
import {
  IMPORT_FIELDS,
  ORG_LEVELS,
  REQUIRED_FIELDS,
  SUPERVISOR_FIELD,
  TEXT_FIELDS,
  type EmployeeItem,
  type FieldLimits,
  type ImportField,
  type OrgField,
} from './employee-fields.ts';
import { resolveOrgUnits, type OrgIndex } from './org-units.ts';
import type { ParsedSheet } from './parsed-sheet.ts';
import type { RowProblem } from './row-problem.ts';

/** At most this many employees go in one call (the server's bulk limit). */
export const MAX_IMPORT_ROWS = 5000;

/** One data row of the file: what it says per field, what it will send, and what is wrong with it. */
export interface ImportRow {
  line: number;
  values: Partial<Record<ImportField, string>>;
  item: EmployeeItem;
  problems: RowProblem[];
}

/** The server's e-mail check (ajv-formats "email", full mode), so that the browser refuses what the server would. */
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export const isEmail = (value: string): boolean => EMAIL.test(value);

/** Yes/No as a file may spell it; undefined when the cell is empty, null when it is neither. */
export function parseYesNo(value: string): 'Yes' | 'No' | undefined | null {
  const v = value.trim().toLowerCase();
  if (!v) return undefined;
  if (['yes', 'y', 'true', '1', 'x'].includes(v)) return 'Yes';
  if (['no', 'n', 'false', '0'].includes(v)) return 'No';
  return null;
}

/** Active/Inactive in any case; undefined when empty, null when it is neither. */
export function parseStatus(value: string): 'Active' | 'Inactive' | undefined | null {
  const v = value.trim().toLowerCase();
  if (!v) return undefined;
  if (v === 'active') return 'Active';
  if (v === 'inactive') return 'Inactive';
  return null;
}

/** One row checked on its own: required names, lengths, e-mail, the supervisor's e-mail, Yes/No flags, status and its units. */
export function buildImportRow(
  values: Partial<Record<ImportField, string>>,
  line: number,
  units: OrgIndex,
  limits: FieldLimits,
): ImportRow {
  const item: EmployeeItem = {};
  const problems: RowProblem[] = [];
  for (const f of REQUIRED_FIELDS) if (!values[f]) problems.push({ field: f, key: 'shell.required' });
  for (const f of TEXT_FIELDS) {
    const v = values[f];
    if (!v) continue;
    const max = limits[f];
    if (max !== undefined && v.length > max) problems.push({ field: f, key: 'import.error.tooLong', params: { max } });
    else if (f === 'email' && !isEmail(v)) problems.push({ field: f, key: 'import.error.email', params: { value: v } });
    item[f] = v;
  }
  const supervisor = values[SUPERVISOR_FIELD];
  if (supervisor) {
    if (!isEmail(supervisor))
      problems.push({ field: SUPERVISOR_FIELD, key: 'import.error.email', params: { value: supervisor } });
    else if (values.email && supervisor.toLowerCase() === values.email.toLowerCase())
      problems.push({ field: SUPERVISOR_FIELD, key: 'import.error.supervisorSelf' });
    else item[SUPERVISOR_FIELD] = { email: supervisor };
  }
  for (const { headField } of ORG_LEVELS) {
    const v = parseYesNo(values[headField] ?? '');
    if (v === null)
      problems.push({ field: headField, key: 'import.error.yesNo', params: { value: values[headField]! } });
    else if (v) item[headField] = v;
  }
  const status = parseStatus(values.status ?? '');
  if (status === null)
    problems.push({ field: 'status', key: 'import.error.status', params: { value: values.status! } });
  else if (status) item.status = status;
  const names: Partial<Record<OrgField, string>> = {};
  for (const { field } of ORG_LEVELS) if (values[field]) names[field] = values[field];
  const resolved = resolveOrgUnits(names, units);
  Object.assign(item, resolved.ids);
  problems.push(...resolved.problems);
  return { line, values, item, problems };
}

/** Later rows that repeat an e-mail address or employee number of an earlier row (both must be unique). */
export function markDuplicates(rows: readonly ImportRow[]): ImportRow[] {
  const seen: Record<'email' | 'employeeNumber', Map<string, number>> = { email: new Map(), employeeNumber: new Map() };
  return rows.map((row) => {
    const extra: RowProblem[] = [];
    for (const f of ['email', 'employeeNumber'] as const) {
      const v = row.values[f];
      if (!v) continue;
      const k = f === 'email' ? v.toLowerCase() : v;
      const first = seen[f].get(k);
      if (first === undefined) seen[f].set(k, row.line);
      else extra.push({ field: f, key: 'import.error.duplicate', params: { value: v, line: first } });
    }
    return extra.length ? { ...row, problems: [...row.problems, ...extra] } : row;
  });
}

/** Every data row of the sheet read through the mapping and checked, in file order. */
export function buildImportRows(
  sheet: ParsedSheet,
  mapping: ColumnMapping,
  units: OrgIndex,
  limits: FieldLimits,
): ImportRow[] {
  const columns = columnOfField(mapping);
  const rows = sheet.rows.map((r) => {
    const values: Partial<Record<ImportField, string>> = {};
    for (const f of IMPORT_FIELDS) {
      const c = columns.get(f);
      const v = c === undefined ? '' : (r.cells[c] ?? '').trim();
      if (v) values[f] = v;
    }
    return buildImportRow(values, r.line, units, limits);
  });
  return markDuplicates(rows);
}

/** The fields the mapping fills, in field order (the preview's columns). */
export const mappedFields = (mapping: ColumnMapping): ImportField[] => IMPORT_FIELDS.filter((f) => mapping.includes(f));

export const rowsWithProblems = (rows: readonly ImportRow[]): number =>
  rows.filter((r) => r.problems.length > 0).length;

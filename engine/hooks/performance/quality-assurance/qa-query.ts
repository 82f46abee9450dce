import { AppError } from '../../../app-error.ts';
import { QA_LISTS, type QaList } from './qa-subjects.ts';

/** The query of a QA GET command, read from its text parameters: ids, the list, a status, and the page. */
export interface QaQuery {
  readonly annualPlanId?: number;
  readonly employeeId?: number;
  readonly scorecardId?: number;
  readonly assessmentId?: number;
  readonly businessUnitId?: number;
  readonly departmentId?: number;
  readonly quarterIndex?: number;
  readonly list?: QaList;
  readonly status?: string;
  readonly limit: number;
  readonly offset: number;
}

const ID_PARAMS = [
  'annualPlanId',
  'employeeId',
  'scorecardId',
  'assessmentId',
  'businessUnitId',
  'departmentId',
] as const;
const KNOWN = new Set<string>([...ID_PARAMS, 'quarterIndex', 'list', 'status', 'limit', 'offset']);

/** A whole number from a query's text, or from a report's parameter already typed. */
function wholeNumber(name: string, value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  if (!((typeof value === 'string' && /^\d+$/.test(value)) || Number.isInteger(value)) || n < min || n > max)
    throw AppError.validation([
      {
        field: name,
        message: `must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}`,
      },
    ]);
  return n;
}

/** The most rows a report (a list without paging) returns. */
export const REPORT_ROWS = 10000;

/**
 * Parses the query; an unknown parameter or a bad value is a 422 naming it. `required` names what must be given; a
 * report is not paged (its rows are capped at REPORT_ROWS).
 */
export function parseQaQuery(
  input: Record<string, unknown>,
  required: readonly (keyof QaQuery)[] = [],
  options: { report?: boolean } = {},
): QaQuery {
  const unknown = Object.keys(input).filter((k) => !KNOWN.has(k));
  if (unknown.length)
    throw AppError.validation(unknown.map((field) => ({ field, message: 'is not a parameter of this list' })));
  const q: Record<string, unknown> = { limit: options.report ? REPORT_ROWS : 50, offset: 0 };
  for (const k of ID_PARAMS) if (input[k] !== undefined) q[k] = wholeNumber(k, input[k], 1);
  if (input.quarterIndex !== undefined) q.quarterIndex = wholeNumber('quarterIndex', input.quarterIndex, 0, 3);
  if (input.limit !== undefined) q.limit = wholeNumber('limit', input.limit, 1, 500);
  if (input.offset !== undefined) q.offset = wholeNumber('offset', input.offset, 0);
  if (input.list !== undefined) {
    if (!QA_LISTS.includes(input.list as QaList))
      throw AppError.validation([{ field: 'list', message: `must be ${QA_LISTS.join(' or ')}` }]);
    q.list = input.list;
  }
  if (input.status !== undefined) {
    if (typeof input.status !== 'string' || !/^[A-Za-z]{1,40}$/.test(input.status))
      throw AppError.validation([{ field: 'status', message: 'must be a status name' }]);
    q.status = input.status;
  }
  const missing = required.filter((k) => q[k] === undefined);
  if (missing.length) throw AppError.validation(missing.map((field) => ({ field, message: 'is required' })));
  return q as unknown as QaQuery;
}

/** Builds a parameterised SQL text: each value becomes the next placeholder. */
export class SqlParams {
  readonly values: unknown[] = [];
  constructor(...first: unknown[]) {
    this.values.push(...first);
  }
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The page of a list command: its rows and how many match. */
export const page = (rows: Record<string, unknown>[], q: QaQuery) => {
  const total = rows.length ? Number(rows[0].total) : 0;
  for (const r of rows) delete r.total;
  return { list: rows, total, limit: q.limit, offset: q.offset };
};

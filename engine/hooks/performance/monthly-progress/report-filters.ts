import { AppError, type FieldError } from '../../../app-error.ts';

/** The filters of the monthly progress reports and KPI lists, typed (ids as numbers), from a query string. */
export interface ProgressFilters {
  annualPlanId: number | null;
  periodId: number | null;
  employeeId: number | null;
  businessUnitId: number | null;
  departmentId: number | null;
  month: string | null;
  groupBy: string | null;
}

const IDS = ['annualPlanId', 'periodId', 'employeeId', 'businessUnitId', 'departmentId'] as const;

/**
 * Reads the filters a call takes (`allowed`), refusing an unknown one, an id that is not a positive whole number, a
 * month that is not YYYY-MM and a missing required one, each by name.
 */
export function progressFilters(
  input: Record<string, unknown>,
  allowed: readonly (keyof ProgressFilters)[],
  required: readonly (keyof ProgressFilters)[] = [],
): ProgressFilters {
  const errors: FieldError[] = [];
  const extra = Object.keys(input).filter((k) => !(allowed as readonly string[]).includes(k));
  for (const field of extra)
    errors.push({ field, message: `is not a filter here; the filters are ${allowed.join(', ')}` });
  const f: ProgressFilters = {
    annualPlanId: null,
    periodId: null,
    employeeId: null,
    businessUnitId: null,
    departmentId: null,
    month: null,
    groupBy: null,
  };
  for (const key of IDS) {
    const raw = input[key];
    if (raw === undefined || raw === '' || raw === null) continue;
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n < 1)
      errors.push({ field: key, message: 'must be a positive whole number (an id)' });
    else f[key] = n;
  }
  if (input.month !== undefined && input.month !== '') {
    if (typeof input.month !== 'string' || !/^[0-9]{4}-(0[1-9]|1[0-2])$/.test(input.month))
      errors.push({ field: 'month', message: 'must be a month as YYYY-MM, e.g. 2026-03' });
    else f.month = input.month;
  }
  if (input.groupBy !== undefined && input.groupBy !== '') {
    if (input.groupBy !== 'businessUnit' && input.groupBy !== 'department')
      errors.push({ field: 'groupBy', message: 'must be businessUnit or department' });
    else f.groupBy = input.groupBy;
  }
  for (const key of required)
    if (f[key] === null && !errors.some((e) => e.field === key)) errors.push({ field: key, message: 'is required' });
  if (errors.length) throw AppError.validation(errors);
  return f;
}

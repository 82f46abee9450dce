import { AppError, type FieldError } from '../app-error.ts';
import type { ReportDef } from '../metadata/report-definition.ts';
import { validateInput } from '../records/record-validator.ts';

/** Query parameters every report call may carry besides its own: the export's format and language. */
const EXPORT_PARAMETERS = new Set(['format', 'lang']);

/**
 * A report's query string as typed values: whole numbers, numbers and true/false by the declared type, an empty value
 * left out; an unknown parameter, a value of the wrong kind or a missing required one is refused with a 422 that names
 * it, before the report's SQL runs.
 */
export function reportParameters(
  report: ReportDef,
  query: Readonly<Record<string, string | undefined>>,
): Record<string, unknown> {
  const faults: FieldError[] = [];
  const values: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(query)) {
    if (EXPORT_PARAMETERS.has(name)) continue;
    const p = report.parameters[name];
    if (!p) {
      faults.push({
        field: name,
        message: `is not a parameter of this report (it takes ${Object.keys(report.parameters).join(', ') || 'none'})`,
      });
      continue;
    }
    if (raw === undefined || raw === '') continue;
    if (p.type === 'integer') {
      if (!/^-?\d{1,15}$/.test(raw)) faults.push({ field: name, message: 'must be a whole number' });
      else values[name] = Number(raw);
    } else if (p.type === 'number') {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n)) faults.push({ field: name, message: 'must be a number' });
      else values[name] = n;
    } else if (p.type === 'boolean') {
      if (raw !== 'true' && raw !== 'false') faults.push({ field: name, message: 'must be true or false' });
      else values[name] = raw === 'true';
    } else values[name] = raw;
  }
  if (faults.length) throw AppError.validation(faults);
  validateInput(schemaOf(report), values);
  return values;
}

const schemas = new WeakMap<ReportDef, Record<string, unknown>>();
/** The JSON Schema of a report's typed parameters (their own schemas: ranges, enums, patterns). */
function schemaOf(report: ReportDef): Record<string, unknown> {
  let s = schemas.get(report);
  if (!s) {
    // x-enumNames and x-choicesFrom are what the screen shows and offers, not rules of the value; the title names
    // the parameter in messages
    const properties = Object.fromEntries(
      Object.entries(report.parameters).map(([k, { 'x-enumNames': _n, 'x-choicesFrom': _c, ...rest }]) => [k, rest]),
    );
    schemas.set(
      report,
      (s = { type: 'object', properties, required: [...report.required], additionalProperties: false }),
    );
  }
  return s;
}

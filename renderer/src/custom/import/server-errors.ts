import { isImportField, SUPERVISOR_FIELD } from './employee-fields.ts';
import type { ImportRow } from './employee-rows.ts';
import type { RowProblem } from './row-problem.ts';

export interface ServerProblems {
  /** problems per index of the sent items (= index of the row) */
  byRow: Map<number, RowProblem[]>;
  /** problems that name no row */
  general: { field: string; message: string }[];
}

const ITEM_FIELD = /^items\.(\d+)(?:\.(.+))?$/;

/**
 * The server's words for the problems the import's check finds (engine/records/bulk-add.ts, the employee's account),
 * each as the screen's own text in the user's language; the values they name come from the row. Anything else is
 * shown as the server wrote it.
 */
function known(
  message: string,
  field: string | null,
  row: ImportRow | undefined,
  lineOf: (item: number) => number | undefined,
): Omit<RowProblem, 'field'> | null {
  const value = field && row ? (row.values[field as keyof ImportRow['values']] ?? '') : '';
  if (message === 'is already taken') return { key: 'import.error.taken', params: { value } };
  if (message === 'is already the sign-in of another user')
    return { key: 'import.error.signInTaken', params: { value } };
  const same = /^is the same as item (\d+)'s$/.exec(message);
  if (same && lineOf(Number(same[1])) !== undefined)
    return { key: 'import.error.duplicate', params: { value, line: lineOf(Number(same[1]))! } };
  if (field === SUPERVISOR_FIELD) {
    if (/^no employee has the email /.test(message))
      return { key: 'import.error.supervisorUnknown', params: { value } };
    if (/^names this item itself/.test(message)) return { key: 'import.error.supervisorSelf' };
    const later = /^names item (\d+) .*which comes later/.exec(message);
    if (later && lineOf(Number(later[1])) !== undefined)
      return { key: 'import.error.supervisorLater', params: { value, line: lineOf(Number(later[1]))! } };
  }
  return null;
}

/** Sorts the field errors of add-bulk's refusal ("items.<index>.<field>") onto the rows they name, in the screen's words where it has them. */
export function serverProblems(
  errors: readonly { field: string; message: string }[],
  rows: readonly ImportRow[],
): ServerProblems {
  const byRow = new Map<number, RowProblem[]>();
  const general: { field: string; message: string }[] = [];
  const lineOf = (item: number) => rows[item]?.line;
  for (const e of errors) {
    const m = ITEM_FIELD.exec(e.field ?? '');
    const index = m ? Number(m[1]) : -1;
    if (!m || index >= rows.length) {
      general.push(e);
      continue;
    }
    const name = m[2]?.split('.')[0];
    const field = name && isImportField(name) ? name : null;
    const problem: RowProblem = {
      field,
      ...(known(e.message, field, rows[index], lineOf) ?? {
        text: field || !name ? e.message : `${name} ${e.message}`,
      }),
    };
    byRow.set(index, [...(byRow.get(index) ?? []), problem]);
  }
  return { byRow, general };
}

/** The rows with the server's problems added to their own. */
export const withServerProblems = (rows: readonly ImportRow[], byRow: ReadonlyMap<number, RowProblem[]>): ImportRow[] =>
  rows.map((r, i) => (byRow.has(i) ? { ...r, problems: [...r.problems, ...byRow.get(i)!] } : r));

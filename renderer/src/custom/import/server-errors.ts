import { isImportField } from './employee-fields.ts';
import type { ImportRow } from './employee-rows.ts';
import type { RowProblem } from './row-problem.ts';

export interface ServerProblems {
  /** problems per index of the sent items (= index of the row) */
  byRow: Map<number, RowProblem[]>;
  /** problems that name no row */
  general: { field: string; message: string }[];
}

const ITEM_FIELD = /^items\.(\d+)(?:\.(.+))?$/;

/** Sorts the field errors of a 422 from add-bulk ("items.<index>.<field>") onto the rows they name. */
export function serverProblems(errors: readonly { field: string; message: string }[], rowCount: number): ServerProblems {
  const byRow = new Map<number, RowProblem[]>();
  const general: { field: string; message: string }[] = [];
  for (const e of errors) {
    const m = ITEM_FIELD.exec(e.field ?? '');
    const index = m ? Number(m[1]) : -1;
    if (!m || index >= rowCount) {
      general.push(e);
      continue;
    }
    const name = m[2]?.split('.')[0];
    const field = name && isImportField(name) ? name : null;
    const problem: RowProblem = { field, text: field || !name ? e.message : `${name} ${e.message}` };
    byRow.set(index, [...(byRow.get(index) ?? []), problem]);
  }
  return { byRow, general };
}

/** The rows with the server's problems added to their own. */
export const withServerProblems = (rows: readonly ImportRow[], byRow: ReadonlyMap<number, RowProblem[]>): ImportRow[] =>
  rows.map((r, i) => (byRow.has(i) ? { ...r, problems: [...r.problems, ...byRow.get(i)!] } : r));

import type { ComputedHook, FilterHook } from '../hook-registry.ts';
import { today } from '../performance/quarter-windows.ts';

/** The states in which a resolution is still being carried out. */
const UNDER_WAY = ['Open', 'In Progress'];

/** Overdue: a resolution still Open or In Progress whose due date has passed (the due day itself is not late). */
export function isOverdue(status: unknown, dueDate: unknown, on: string): 'Yes' | 'No' {
  return UNDER_WAY.includes(String(status)) && typeof dueDate === 'string' && dueDate.slice(0, 10) < on ? 'Yes' : 'No';
}

/** The computed field actionsTracker.overdue, against the server's today. */
export const overdue: ComputedHook<'resolution'> = (r) => isOverdue(r.status, r.dueDate, today());

/** ?overdue=Yes|No: the same rule in SQL over the stored status and due date. */
export const overdueFilter: FilterHook = (value, sql) => {
  const late = `(${sql.column('status')} IN ('Open', 'In Progress') AND ${sql.column('dueDate')} < ${sql.param(today())}::date)`;
  return value === 'Yes' ? late : `NOT coalesce(${late}, false)`;
};

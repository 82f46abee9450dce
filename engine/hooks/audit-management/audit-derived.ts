import type { ComputedHook, EntityRecord, FilterHook } from '../hook-registry.ts';
import { today } from '../performance/quarter-windows.ts';

const day = (v: unknown): string | null =>
  v === null || v === undefined ? null : String(v instanceof Date ? v.toISOString() : v).slice(0, 10);

/** The spec's statusText of an audit plan content: Active while today lies within its dates (both counted), else Not Active. */
export function planContentStatusOn(
  record: Partial<Pick<EntityRecord<'audit-plan-content'>, 'startDate' | 'endDate'>>,
  on: string,
): 'Active' | 'Not Active' {
  const start = day(record.startDate);
  const end = day(record.endDate);
  return start !== null && end !== null && start <= on && on <= end ? 'Active' : 'Not Active';
}
export const planContentStatus: ComputedHook<'audit-plan-content'> = (r) => planContentStatusOn(r, today());
/** ?statusText=Active|Not Active: the same rule in SQL. */
export const planContentStatusFilter: FilterHook = (value, sql) => {
  const within = `(${sql.column('startDate')} <= ${sql.param(today())}::date AND ${sql.column('endDate')} >= ${sql.param(today())}::date)`;
  return value === 'Active' ? within : `NOT ${within}`;
};

/** Which tracker a management action is on: Closed once closed, else Open (open and in progress). */
export const actionTracker: ComputedHook<'audit-management-action'> = (r) =>
  r.status === 'Closed' ? 'Closed' : 'Open';
export const actionTrackerFilter: FilterHook = (value, sql) =>
  value === 'Closed' ? `${sql.column('status')} = 'Closed'` : `${sql.column('status')} <> 'Closed'`;

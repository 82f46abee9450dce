import type { ComputedHook, FilterHook, FilterSql } from '../hook-registry.ts';
import { today } from '../performance/quarter-windows.ts';
import {
  DUE_SOON_DAYS,
  type DUE_STATUSES,
  dueStatus as statusOn,
  FREQUENCIES,
  type Frequency,
} from './compliance-dates.ts';

/** An activity's due status today (Overdue, Due soon, On track), from its next compliance date and frequency. */
export const dueStatus: ComputedHook<'compliance-activity'> = (activity) =>
  statusOn(activity.nextComplianceDate as string | null, activity.frequency as Frequency, today());

/** The last day on which an activity is due soon, in SQL: its next date's window after `today` (a placeholder), by its frequency. */
export function dueSoonUntilSql(sql: Pick<FilterSql, 'column'>, todayParam: string): string {
  // the frequencies and their windows are the code's own constants, never a client's text
  const days = FREQUENCIES.map((f) => `WHEN '${f}' THEN ${DUE_SOON_DAYS[f]}`).join(' ');
  return `(${todayParam}::date + (CASE ${sql.column('frequency')} ${days} ELSE 0 END))`;
}

/** ?dueStatus=Overdue|Due soon|On track: the same rule as the computed field, as SQL over the stored dates. */
export const dueStatusFilter: FilterHook = (value, sql) => {
  const next = sql.column('nextComplianceDate');
  const now = sql.param(today());
  switch (value as (typeof DUE_STATUSES)[number]) {
    case 'Overdue':
      return `${next} < ${now}::date`;
    case 'Due soon':
      return `${next} >= ${now}::date AND ${next} <= ${dueSoonUntilSql(sql, now)}`;
    case 'On track':
      return `${next} > ${dueSoonUntilSql(sql, now)}`;
    default:
      return 'false';
  }
};

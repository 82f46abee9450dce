import type { ScoringRules } from '../quarter-score.ts';
import { kpiScoreSql, weightedTotalSql } from './kpi-score-sql.ts';

/** The period a total is for: a quarter (Q1..Q4 = 0..3) or the year (null). */
export type Period = number | null;

/** The column suffix of a period's totals: `year`, `q1` … `q4`. */
export const periodKey = (p: Period): string => (p === null ? 'year' : `q${p + 1}`);

/** The quarter a report parameter names, or the year when it names none. */
export const reportPeriod = (quarterIndex: unknown): Period => (typeof quarterIndex === 'number' ? quarterIndex : null);

/**
 * A subquery of the KPIs of the scorecards `scorecardIds` (an SQL list or subquery over `params`, $1 being the
 * company), grouped by `groupBy` (columns of the KPI alias `k`): the KPI count `kpis`, their weight `weight` and,
 * per period, the weighted total and adjusted total (`total_year`, `adjusted_q1`, …), scored in SQL exactly as
 * `scoreScorecard` scores them. `kpiTable` is performance_kpi or the strategic scorecard_kpi (the same score columns).
 * The rating bands are appended to `params`.
 */
export function scorecardTotalsSql(
  kpiTable: 'performance_kpi' | 'scorecard_kpi',
  rules: ScoringRules,
  periods: readonly Period[],
  scorecardIds: string,
  params: unknown[],
  groupBy: readonly string[] = ['k.scorecard_id'],
): string {
  const first = params.length + 1;
  params.push(...kpiScoreSql('k', rules, null, first).params);
  const totals = periods.map((p) => {
    const kpi = kpiScoreSql('k', rules, p, first);
    return `${weightedTotalSql(kpi.score, 'k.weight', 'k.id')} AS total_${periodKey(p)}, ${weightedTotalSql(kpi.adjusted, 'k.weight', 'k.id')} AS adjusted_${periodKey(p)}`;
  });
  return `SELECT ${groupBy.join(', ')}, count(*)::int AS kpis, coalesce(sum(k.weight::float8), 0) AS weight, ${totals.join(', ')}
    FROM ${kpiTable} k WHERE k.company_id = $1 AND k.scorecard_id IN (${scorecardIds}) GROUP BY ${groupBy.join(', ')}`;
}

/** The select list of a period's totals from the subquery aliased `t`, 0 for a scorecard without KPIs (as the hook scores it). */
export const totalColumns = (p: Period, alias = 't'): string =>
  `coalesce(${alias}.total_${periodKey(p)}, 0)::float8 AS total, coalesce(${alias}.adjusted_${periodKey(p)}, 0)::float8 AS "adjustedTotal"`;

/** The SQL of an employee's name as lists show it. */
export const employeeNameSql = (alias: string): string => `concat_ws(' ', ${alias}.first_name, ${alias}.last_name)`;

/** LIMIT/OFFSET of a paged report: the page asked for, or every row (an export asks for no page). */
export function pageSql(input: { limit?: number; offset?: number }): string {
  const limit = typeof input.limit === 'number' ? ` LIMIT ${input.limit}` : '';
  const offset = typeof input.offset === 'number' && input.offset > 0 ? ` OFFSET ${input.offset}` : '';
  return limit + offset;
}

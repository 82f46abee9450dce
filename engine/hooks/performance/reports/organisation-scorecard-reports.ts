import type { CallContext } from '../../../records/call-context.ts';
import type { CommandHook } from '../../hook-registry.ts';
import { scoringRules } from '../scorecard-scores.ts';
import type { OrganisationFilter } from './company-performance.ts';
import { periodKey, reportPeriod, scorecardTotalsSql, totalColumns, type Period } from './scorecard-totals-sql.ts';

/** The scorecards of the organisation itself (not of one employee): the corporate one and those of its units. */
const ORGANISATION_LEVELS = `('corporate', 'business-unit', 'department')`;
const QUARTERS: readonly Period[] = [0, 1, 2, 3];

/**
 * The organisation's scorecards of a plan, of one period kind, with their totals: `scored` picks the period (a
 * column list over the totals `t`), `extraWhere` narrows them. A business unit takes its own scorecard and those of
 * its departments; a department its own.
 */
async function organisationScorecards(
  ctx: CallContext,
  f: OrganisationFilter,
  period: 'Annual' | 'Periodic',
  periods: readonly Period[],
  scored: string,
  extraWhere: string[] = [],
) {
  const rules = await scoringRules(ctx, { annualPlanId: f.annualPlanId });
  const params: unknown[] = [ctx.companyId, f.annualPlanId, period];
  const where = [
    `s.company_id = $1`,
    `s.annual_plan_id = $2`,
    `s.period = $3`,
    `s.level IN ${ORGANISATION_LEVELS}`,
    ...extraWhere,
  ];
  if (f.businessUnitId !== undefined) {
    const p = params.push(f.businessUnitId);
    where.push(
      `(s.business_unit_id = $${p} OR s.department_id IN (SELECT id FROM department WHERE company_id = $1 AND business_unit_id = $${p}))`,
    );
  }
  if (f.departmentId !== undefined) where.push(`s.department_id = $${params.push(f.departmentId)}`);
  if (period === 'Periodic' && f.quarterIndex !== undefined)
    where.push(`s.quarter_index = $${params.push(f.quarterIndex)}`);
  const ids = `SELECT s.id FROM performance_scorecard s WHERE ${where.join(' AND ')}`;
  const totals = scorecardTotalsSql('performance_kpi', rules, periods, ids, params);
  return ctx.tx.query(
    `SELECT s.id, s.name, s.level, s.status, s.quarter_index AS "quarterIndex", bu.name AS "businessUnit", d.name AS department,
            coalesce(t.kpis, 0) AS kpis, coalesce(t.weight, 0)::float8 AS weight, ${scored}
       FROM performance_scorecard s
       LEFT JOIN (${totals}) t ON t.scorecard_id = s.id
       LEFT JOIN business_unit bu ON bu.company_id = s.company_id AND bu.id = s.business_unit_id
       LEFT JOIN department d ON d.company_id = s.company_id AND d.id = s.department_id
      WHERE ${where.join(' AND ')}
      ORDER BY s.quarter_index NULLS FIRST, CASE s.level WHEN 'corporate' THEN 0 WHEN 'business-unit' THEN 1 ELSE 2 END, s.name, s.id`,
    params,
  );
}

/**
 * The annual plan report: each corporate, business unit and department scorecard of the plan (period Annual) with
 * its weighted total and adjusted total for the quarter chosen, or the year.
 */
export const annualPlanScorecards: CommandHook = async (ctx, _entity, input) => {
  const f = input as unknown as OrganisationFilter;
  const period = reportPeriod(f.quarterIndex);
  const list = await organisationScorecards(ctx, f, 'Annual', [period], totalColumns(period));
  return { list, total: list.length };
};

/**
 * The periodic corporate scorecards of a plan: each organisation scorecard of period Periodic, in its quarter, scored
 * on that quarter's figures (a periodic scorecard is the plan for its one quarter).
 */
export const periodicCorporateScorecards: CommandHook = async (ctx, _entity, input) => {
  const f = input as unknown as OrganisationFilter;
  const own = (column: string) =>
    `coalesce(CASE s.quarter_index ${QUARTERS.map((q) => `WHEN ${q} THEN t.${column}_${periodKey(q)}`).join(' ')} ELSE t.${column}_year END, 0)::float8`;
  const rows = await organisationScorecards(
    ctx,
    f,
    'Periodic',
    [...QUARTERS, null],
    `${own('total')} AS total, ${own('adjusted')} AS "adjustedTotal"`,
  );
  const list = rows.map((r) => ({ ...r, quarter: r.quarterIndex == null ? null : `Q${Number(r.quarterIndex) + 1}` }));
  return { list, total: list.length };
};

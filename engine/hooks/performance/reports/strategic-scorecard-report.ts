import type { CommandHook } from '../../hook-registry.ts';
import { scoringRules } from '../scorecard-scores.ts';
import { reportPeriod, scorecardTotalsSql, totalColumns } from './scorecard-totals-sql.ts';

/**
 * The strategic scorecard report: each strategic scorecard of the annual plan's strategic plan with its KPIs' weighted
 * total and adjusted total for the quarter chosen (or the year), scored under the annual plan's rules (its mode and its
 * strategic plan's rating scale).
 */
export const strategicScorecards: CommandHook = async (ctx, _entity, input) => {
  const annualPlanId = input.annualPlanId as number;
  const period = reportPeriod(input.quarterIndex);
  // scoringRules reads the plan (404 for another company's) before anything is scored
  const rules = await scoringRules(ctx, { annualPlanId });
  const params: unknown[] = [ctx.companyId, annualPlanId];
  const plan = `(SELECT strategic_plan_id FROM annual_plan WHERE company_id = $1 AND id = $2)`;
  const ids = `SELECT id FROM strategic_scorecard WHERE company_id = $1 AND strategic_plan_id = ${plan}`;
  const totals = scorecardTotalsSql('scorecard_kpi', rules, [period], ids, params);
  const list = await ctx.tx.query(
    `SELECT s.id, s.name, s.status, coalesce(t.kpis, 0) AS kpis, coalesce(t.weight, 0)::float8 AS weight, ${totalColumns(period)}
       FROM strategic_scorecard s LEFT JOIN (${totals}) t ON t.scorecard_id = s.id
      WHERE s.company_id = $1 AND s.strategic_plan_id = ${plan}
      ORDER BY s.name, s.id`,
    params,
  );
  return { list, total: list.length };
};

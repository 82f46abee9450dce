import type { CommandHook } from '../../hook-registry.ts';
import { scoringRules } from '../scorecard-scores.ts';
import { employeeNameSql, periodKey, scorecardTotalsSql, type Period } from './scorecard-totals-sql.ts';

const QUARTERS: readonly Period[] = [0, 1, 2, 3];

/**
 * The CEO's scorecard of a plan: the annual scorecard of the top of the organisation, the active employee with no
 * supervisor (the longest-standing one, should there be several), or, while that employee has none, the plan's
 * corporate scorecard.
 */
const CEO_SCORECARD = `SELECT s.id FROM performance_scorecard s
   LEFT JOIN employee e ON e.company_id = s.company_id AND e.id = s.employee_id
  WHERE s.company_id = $1 AND s.annual_plan_id = $2 AND s.period = 'Annual'
    AND ((s.level = 'employee' AND e.supervisor_id IS NULL AND e.status = 'Active') OR s.level = 'corporate')
  ORDER BY (s.level = 'employee') DESC, e.id, s.id LIMIT 1`;

/** The CEO performance report: that scorecard's weighted total and adjusted total in each quarter (or the one chosen), for a line chart. */
export const ceoPerformance: CommandHook = async (ctx, _entity, input) => {
  const annualPlanId = input.annualPlanId as number;
  const rules = await scoringRules(ctx, { annualPlanId });
  const params: unknown[] = [ctx.companyId, annualPlanId];
  const quarters = typeof input.quarterIndex === 'number' ? [input.quarterIndex] : QUARTERS;
  const totals = scorecardTotalsSql(
    'performance_kpi',
    rules,
    quarters,
    `SELECT id FROM (${CEO_SCORECARD}) ceo`,
    params,
  );
  const [card] = await ctx.tx.query(
    `SELECT s.id, s.name, s.level, ${employeeNameSql('e')} AS "employeeName", t.*
       FROM (${CEO_SCORECARD}) ceo JOIN performance_scorecard s ON s.company_id = $1 AND s.id = ceo.id
       LEFT JOIN employee e ON e.company_id = $1 AND e.id = s.employee_id
       LEFT JOIN (${totals}) t ON t.scorecard_id = s.id`,
    params,
  );
  if (!card) return { list: [], total: 0, scorecard: null };
  const list = quarters.map((q) => ({
    quarter: `Q${Number(q) + 1}`,
    total: Number(card[`total_${periodKey(q)}`] ?? 0),
    adjustedTotal: Number(card[`adjusted_${periodKey(q)}`] ?? 0),
  }));
  return {
    list,
    total: list.length,
    scorecard: {
      id: card.id,
      name: card.name,
      level: card.level,
      employeeName: card.level === 'employee' ? card.employeeName : null,
    },
  };
};

import { AppError } from '../../app-error.ts';
import type { Row } from '../../db/db.ts';
import type { CallContext } from '../../records/call-context.ts';
import { recordRoleWhere } from '../../access/record-role-sql.ts';
import { fetchOne } from '../../records/record-store.ts';
import { validateInput } from '../../records/record-validator.ts';
import { bandsFromTargets, DEFAULT_BAND_TARGETS } from './scoring.ts';
import type { CommandHook } from '../hook-registry.ts';
import { scoreScorecard, type ScoringRules } from './quarter-score.ts';
import { actualsWindows } from './quarter-windows.ts';
import { planRatingRange } from './rating-range.ts';

/** The plan a scorecard is scored under: an annual plan (its strategic plan's rating scale) or an operational plan (its own). */
export type ScoringPlan = { annualPlanId: number } | { operationalPlanId: number };

/**
 * The scoring rules of a plan: its mode, its average-target setting and the bands of its rating scale (five
 * targets), else the default bands. Operational plans score automatically without the average target type.
 */
export async function scoringRules(ctx: CallContext, plan: ScoringPlan): Promise<ScoringRules> {
  let scale: { target: number | null }[];
  let mode: ScoringRules['mode'] = 'automatic';
  let averageTargetType = false;
  if ('annualPlanId' in plan) {
    // the plan (404 when it is not the company's) and its scale, sent together: one round trip, not two
    const [annual, annualScale] = await Promise.all([
      fetchOne(ctx, ctx.registry.entity('annual-plan'), plan.annualPlanId),
      ctx.tx.query<{ target: number | null }>(
        `SELECT target FROM rating_scale WHERE company_id = $1 AND strategic_plan_id = (SELECT strategic_plan_id FROM annual_plan WHERE company_id = $1 AND id = $2) ORDER BY rating`,
        [ctx.companyId, plan.annualPlanId],
      ),
    ]);
    scale = annualScale;
    mode = annual.scoringMode === 'manual' ? 'manual' : 'automatic';
    averageTargetType = annual.averageTargetType === true;
  } else {
    await fetchOne(ctx, ctx.registry.entity('operational-plan'), plan.operationalPlanId);
    scale = await ctx.tx.query(
      `SELECT target FROM rating_scale WHERE company_id = $1 AND operational_plan_id = $2 ORDER BY rating`,
      [ctx.companyId, plan.operationalPlanId],
    );
  }
  const targets = scale.map((r) => r.target);
  let bands = bandsFromTargets([...DEFAULT_BAND_TARGETS]);
  if (targets.length === 5 && targets.every((t): t is number => typeof t === 'number')) {
    try {
      bands = bandsFromTargets(targets);
    } catch {
      // a scale whose targets do not rise is not usable; the default bands apply until it is fixed
    }
  }
  return { bands, mode, averageTargetType };
}

const INPUT = {
  type: 'object',
  additionalProperties: false,
  properties: {
    annualPlanId: { type: 'string', pattern: '^[1-9][0-9]*$' },
    operationalPlanId: { type: 'string', pattern: '^[1-9][0-9]*$' },
    quarter: { enum: ['0', '1', '2', '3'] },
    level: { type: 'string' },
    period: { enum: ['Annual', 'Periodic'] },
    scorecardId: { type: 'string', pattern: '^[1-9][0-9]*$' },
    limit: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' },
    offset: { type: 'string', pattern: '^[0-9]{1,7}$' },
  },
};

export const KPI_SCORE_COLUMNS = `scorecard_id AS "scorecardId", kpi_type AS "kpiType", option_type AS "optionType", weight, target, actual,
  periodic_target1 AS "periodicTarget1", periodic_target2 AS "periodicTarget2", periodic_target3 AS "periodicTarget3", periodic_target4 AS "periodicTarget4",
  actual1, actual2, actual3, actual4, manual_rating_score AS "manualRatingScore", adjusted_score AS "adjustedScore"`;

/**
 * The score report: one page of an annual (or operational) plan's scorecards with each one's weighted total (and adjusted total) for a
 * quarter or the year, computed by the scoring hooks from two queries per page.
 */
export const scores: CommandHook = async (ctx, entity, input) => {
  validateInput(INPUT, input);
  if ((input.annualPlanId === undefined) === (input.operationalPlanId === undefined))
    throw AppError.validation([
      { field: 'annualPlanId', message: 'name either annualPlanId or operationalPlanId (one of them)' },
    ]);
  const plan: ScoringPlan =
    input.annualPlanId !== undefined
      ? { annualPlanId: Number(input.annualPlanId) }
      : { operationalPlanId: Number(input.operationalPlanId) };
  const quarter = input.quarter === undefined ? null : Number(input.quarter);
  const limit = Math.min(Number(input.limit ?? 50), 500);
  const offset = Number(input.offset ?? 0);
  const rules = await scoringRules(ctx, plan);
  const where = ['s.company_id = $1', 'annualPlanId' in plan ? 's.annual_plan_id = $2' : 's.operational_plan_id = $2'];
  const params: unknown[] = [ctx.companyId, 'annualPlanId' in plan ? plan.annualPlanId : plan.operationalPlanId];
  for (const [key, column] of [
    ['level', 'level'],
    ['period', 'period'],
    ['scorecardId', 'id'],
  ] as const)
    if (input[key] !== undefined) {
      params.push(key === 'scorecardId' ? Number(input[key]) : input[key]);
      where.push(`s.${column} = $${params.length}`);
    }
  // the score report shows only the scorecards the caller may read (their own, their reports', ...), never a colleague's
  const reach = recordRoleWhere(
    ctx,
    entity,
    (value) => {
      params.push(value);
      return `$${params.length}`;
    },
    's',
  );
  if (reach) where.push(reach);
  const [{ n }] = await ctx.tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM performance_scorecard s WHERE ${where.join(' AND ')}`,
    params,
  );
  // the page first, then the names of its 50 employees: joining before the LIMIT would read every employee
  const page = await ctx.tx.query(
    `SELECT p.*, concat_ws(' ', e.first_name, e.last_name) AS "employeeName"
       FROM (SELECT s.id, s.name, s.level, s.period, s.status, s.employee_id AS "employeeId" FROM performance_scorecard s
              WHERE ${where.join(' AND ')} ORDER BY s.id LIMIT ${limit} OFFSET ${offset}) p
       LEFT JOIN employee e ON e.company_id = $1 AND e.id = p."employeeId"
      ORDER BY p.id`,
    params,
  );
  const kpis = page.length
    ? await ctx.tx.query(
        `SELECT ${KPI_SCORE_COLUMNS} FROM performance_kpi WHERE company_id = $1 AND scorecard_id = ANY($2)`,
        [ctx.companyId, page.map((s) => s.id)],
      )
    : [];
  const byScorecard = new Map<unknown, Row[]>(page.map((s) => [s.id, []]));
  for (const k of kpis) byScorecard.get(k.scorecardId)!.push(k);
  const rows = page.map((s) => {
    const own = byScorecard.get(s.id)!;
    return {
      ...s,
      kpiCount: own.length,
      weight: own.reduce((t, k) => t + Number(k.weight ?? 0), 0),
      ...scoreScorecard(own, rules, quarter),
    };
  });
  return {
    rows,
    total: n,
    limit,
    offset,
    quarter,
    ...rules,
    actualsWindows: await actualsWindows(ctx, plan),
    ratingRange: await planRatingRange(ctx, plan),
  };
};

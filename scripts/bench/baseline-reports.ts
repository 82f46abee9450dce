/**
 * The baseline's aggregate performance reports, written by hand: company performance (every KPI of a plan's employee
 * scorecards scored, each scorecard totalled, the totals averaged per business unit or per department, in one SQL
 * statement) and the performance curve (completed assessments counted per band of the rating scale, in one). They answer
 * the engine's URLs with the engine's figures, so that engine ÷ baseline measures the report engine's cost.
 */
import type { Hono } from 'hono';
import type { ScorecardRouteDeps } from './baseline-scorecards.ts';

type Tx = Parameters<Parameters<ScorecardRouteDeps['inCall']>[1]>[0];
type Refuse = ScorecardRouteDeps['refuse'];

/** The query string as whole numbers: the named ones only, each positive (quarterIndex 0..3); annualPlanId required. */
function wholeNumbers(
  query: Record<string, string>,
  allowed: readonly string[],
  refuse: Refuse,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(query)) {
    if (!allowed.includes(k)) throw refuse(422, `${k}: is not a parameter of this report`);
    if (v === '') continue;
    if (!/^[0-9]{1,15}$/.test(v) || (k === 'quarterIndex' ? Number(v) > 3 : Number(v) < 1))
      throw refuse(422, `${k}: must be a whole number${k === 'quarterIndex' ? ' from 0 to 3' : ' from 1'}`);
    out[k] = Number(v);
  }
  if (out.annualPlanId === undefined) throw refuse(422, 'annualPlanId: is required');
  return out;
}

/** The plan's scoring: its mode, whether above every band scores 6, and its five rating targets (ascending). */
async function planScoring(tx: Tx, companyId: number | null, annualPlanId: number, refuse: Refuse) {
  const rows = await tx.query(
    `SELECT a.scoring_mode AS mode, a.average_target_type AS "averageTargetType", r.target::float8 AS target
       FROM annual_plan a LEFT JOIN rating_scale r ON r.company_id = a.company_id AND r.strategic_plan_id = a.strategic_plan_id
      WHERE a.company_id = $1 AND a.id = $2 ORDER BY r.rating`,
    [companyId, annualPlanId],
  );
  if (!rows.length) throw refuse(404, `No annual plan with id ${annualPlanId}`);
  const targets = rows.map((r) => r.target as number);
  if (targets.length !== 5 || targets.some((t, i) => typeof t !== 'number' || (i > 0 && t <= targets[i - 1])))
    throw refuse(422, 'The baseline needs the plan to have a five-level, rising rating scale');
  return { manual: rows[0].mode === 'manual', above: rows[0].averageTargetType === true ? 6 : 0, targets };
}

/**
 * A KPI's score as the scoring rules give it, over k (performance_kpi) and the quarter's figures: the percent of the
 * target reached (target ÷ actual where lower is better, 0 on a zero divisor, rounded half up), then the first band
 * whose target it does not pass; below 0 nothing, above the top band `above`. Bands run 0..t1, t1+1..t2, …, and a
 * whole percent between t1 and t1+1 cannot occur, so "the first target not passed" is the band.
 */
function scoreSql(actual: string, target: string, manual: boolean, above: number, firstParam: number): string {
  if (manual) return `coalesce(k.manual_rating_score::float8, 0)`;
  const pct = `CASE WHEN k.option_type = 'ASC' THEN CASE WHEN ${target} = 0 THEN 0 ELSE floor(${actual} * 100 / ${target} + 0.5) END
                    ELSE CASE WHEN ${actual} = 0 THEN 0 ELSE floor(${target} * 100 / ${actual} + 0.5) END END`;
  const bands = [1, 2, 3, 4, 5].map((rating) => `WHEN p.pct <= $${firstParam + rating - 1} THEN ${rating}`).join(' ');
  return `CASE WHEN k.kpi_type <> 'Quantitative' THEN coalesce(k.manual_rating_score::float8, 0)
               WHEN ${actual} IS NULL OR ${target} IS NULL THEN 0
               ELSE (SELECT CASE WHEN p.pct < 0 THEN 0 ${bands} ELSE ${above} END FROM (SELECT ${pct} AS pct) p) END`;
}

export function reportRoutes(app: Hono, { inCall, refuse }: Pick<ScorecardRouteDeps, 'inCall' | 'refuse'>): void {
  app.get('/api/v1/performance-scorecard/company-performance', async (c) => {
    const f = wholeNumbers(c.req.query(), ['annualPlanId', 'quarterIndex', 'businessUnitId', 'departmentId'], refuse);
    const report = await inCall(c, async (tx, caller, access) => {
      if (!access.enabled.has('performance'))
        throw refuse(403, 'The module "performance" is not enabled for your company');
      if (!access.admin.has('performance')) throw refuse(403, 'You need admin access to the module "performance"');
      const plan = await planScoring(tx, caller.companyId, f.annualPlanId, refuse);
      // the quarter's actual and target (its periodic target, else the year's), or the year's
      const q = f.quarterIndex === undefined ? null : f.quarterIndex + 1;
      const [actual, target] =
        q === null
          ? ['k.actual::float8', 'k.target::float8']
          : [`k.actual${q}::float8`, `coalesce(k.periodic_target${q}, k.target)::float8`];
      const params: unknown[] = [caller.companyId, f.annualPlanId, ...plan.targets];
      const where = [`s.company_id = $1`, `s.annual_plan_id = $2`, `s.level = 'employee'`, `s.period = 'Annual'`];
      if (f.businessUnitId !== undefined) where.push(`e.business_unit_id = $${params.push(f.businessUnitId)}`);
      if (f.departmentId !== undefined) where.push(`e.department_id = $${params.push(f.departmentId)}`);
      // by department within a chosen unit, else by business unit
      const [unitTable, unitColumn] =
        f.businessUnitId !== undefined || f.departmentId !== undefined
          ? ['department', 'department_id']
          : ['business_unit', 'business_unit_id'];
      const list = await tx.query(
        `WITH kpis AS (
           SELECT s.id, e.${unitColumn} AS unit_id, coalesce(k.weight::float8, 0) AS weight, k.adjusted_score::float8 AS adjusted,
                  ${scoreSql(actual, target, plan.manual, plan.above, 3)} AS score
             FROM performance_scorecard s
             JOIN employee e ON e.company_id = s.company_id AND e.id = s.employee_id
             JOIN performance_kpi k ON k.company_id = s.company_id AND k.scorecard_id = s.id
            WHERE ${where.join(' AND ')}),
         totals AS (
           SELECT unit_id, floor(sum(score * weight) + 0.5) / 100 AS total,
                  floor(sum(CASE WHEN coalesce(adjusted, 0) <> 0 THEN adjusted ELSE score END * weight) + 0.5) / 100 AS adjusted_total
             FROM kpis GROUP BY id, unit_id)
         SELECT coalesce(u.name, '—') AS unit, count(*)::int AS scorecards,
                round(avg(t.total)::numeric, 2)::float8 AS "averageScore", round(avg(t.adjusted_total)::numeric, 2)::float8 AS "averageAdjustedScore",
                min(t.total)::float8 AS "lowestScore", max(t.total)::float8 AS "highestScore"
           FROM totals t LEFT JOIN ${unitTable} u ON u.company_id = $1 AND u.id = t.unit_id
          GROUP BY t.unit_id, u.name ORDER BY u.name NULLS LAST`,
        params,
      );
      return { list, total: list.length };
    });
    return c.json({ res: 'success', data: { report }, err_msg: null });
  });

  app.get('/api/v1/performance-assessment/performance-curve', async (c) => {
    const f = wholeNumbers(c.req.query(), ['annualPlanId', 'quarterIndex', 'businessUnitId', 'departmentId'], refuse);
    const report = await inCall(c, async (tx, caller, access) => {
      if (!access.enabled.has('performance'))
        throw refuse(403, 'The module "performance" is not enabled for your company');
      if (!access.admin.has('performance')) throw refuse(403, 'You need admin access to the module "performance"');
      const { targets } = await planScoring(tx, caller.companyId, f.annualPlanId, refuse);
      // the bands 1..5 as the screens label them: rating (min–max %), band 1 from 0, each later one from the target below + 1
      const bands = targets.map((max, i) => ({
        rating: i + 1,
        band: `${i + 1} (${i === 0 ? 0 : targets[i - 1] + 1}–${max} %)`,
      }));
      // the quarter chosen, else the year's final assessment (Q4)
      const params: unknown[] = [caller.companyId, f.annualPlanId, f.quarterIndex ?? 3];
      const unit: string[] = [];
      if (f.businessUnitId !== undefined) unit.push(`e.business_unit_id = $${params.push(f.businessUnitId)}`);
      if (f.departmentId !== undefined) unit.push(`e.department_id = $${params.push(f.departmentId)}`);
      // a final score is a weighted rating: the nearest whole rating, a half up, held within 1..5
      const counted = await tx.query(
        `SELECT least(5, greatest(1, floor(a.final_score::float8 + 0.5)::int)) AS rating, count(*)::int AS n
           FROM performance_assessment a
           ${unit.length ? `JOIN employee e ON e.company_id = a.company_id AND e.id = a.employee_id AND ${unit.join(' AND ')}` : ''}
          WHERE a.company_id = $1 AND a.annual_plan_id = $2 AND a.quarter_index = $3 AND a.status = 'Completed'
            AND a.employee_id IS NOT NULL AND a.final_score IS NOT NULL
          GROUP BY 1`,
        params,
      );
      const byRating = new Map(counted.map((r) => [r.rating as number, r.n as number]));
      const total = counted.reduce((t, r) => t + (r.n as number), 0);
      // every band, empty ones as 0; percent of the counted total to one decimal, rounded half up
      const list = bands.map((b) => {
        const employees = byRating.get(b.rating) ?? 0;
        return {
          band: b.band,
          rating: b.rating,
          employees,
          percent: total === 0 ? 0 : Math.round((employees * 1000) / total) / 10,
        };
      });
      return { list, total };
    });
    return c.json({ res: 'success', data: { report }, err_msg: null });
  });
}

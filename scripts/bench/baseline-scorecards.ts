/**
 * The baseline's scorecard endpoints, written by hand: the score report with every score and weighted total computed
 * in one SQL statement (the "hand-written SQL query" the engine's report is held against, issue 4), and the approve
 * transition with the same statements the engine sends (lock, update with version, audit entry, weights check).
 */
import type { Context, Hono } from 'hono';
import type { Rows } from './baseline-store.ts';

type Tx = { query(text: string, params?: unknown[], prepare?: boolean): Promise<Rows> };
type Caller = { accountId: number; companyId: number | null; name: string };
/** The modules the caller's company has enabled, and those the caller administers. */
export type ModuleAccess = { enabled: ReadonlySet<string>; admin: ReadonlySet<string> };
export interface ScorecardRouteDeps {
  inCall<T>(c: Context, fn: (tx: Tx, caller: Caller, access: ModuleAccess) => Promise<T>): Promise<T>;
  refuse(status: number, message: string): Error;
  body(c: Context): Promise<Record<string, unknown>>;
}

const SCORECARD_COLUMNS = `id, company_id AS "companyId", version, created_at AS "createdAt", updated_at AS "updatedAt", created_by AS "createdBy", updated_by AS "updatedBy",
  name, level, period, quarter_index AS "quarterIndex", annual_plan_id AS "annualPlanId", operational_plan_id AS "operationalPlanId", employee_id AS "employeeId",
  business_unit_id AS "businessUnitId", department_id AS "departmentId", include_key_performance_area AS "includeKeyPerformanceArea", visible, cascaded_from_id AS "cascadedFromId", status`;

/** Q1's figures (periodic target, else the target), a percent per option type with the zero guard, the band it falls in. */
const PAGE_WITH_SCORES = `
WITH bands AS (SELECT (b->>'rating')::int AS rating, (b->>'min')::numeric AS min, (b->>'max')::numeric AS max FROM jsonb_array_elements($5::text::jsonb) b),
page AS (
  SELECT p.*, concat_ws(' ', e.first_name, e.last_name) AS "employeeName"
    FROM (SELECT s.id, s.name, s.level, s.period, s.status, s.employee_id AS "employeeId" FROM performance_scorecard s
           WHERE s.company_id = $1 AND s.annual_plan_id = $2 AND s.level = $3 ORDER BY s.id LIMIT 50 OFFSET $4) p
    LEFT JOIN employee e ON e.company_id = $1 AND e.id = p."employeeId"),
scored AS (
  SELECT k.scorecard_id, k.weight, k.adjusted_score,
         CASE WHEN k.kpi_type = 'Quantitative' THEN
           CASE WHEN k.actual1 IS NULL OR coalesce(k.periodic_target1, k.target) IS NULL THEN 0
                ELSE coalesce((SELECT rating FROM bands WHERE pct BETWEEN min AND max), 0) END
         ELSE coalesce(k.manual_rating_score, 0) END AS score
    FROM performance_kpi k
    CROSS JOIN LATERAL (SELECT CASE WHEN k.option_type = 'ASC'
                                    THEN CASE WHEN coalesce(k.periodic_target1, k.target) = 0 THEN 0 ELSE floor(k.actual1 * 100 / coalesce(k.periodic_target1, k.target) + 0.5) END
                                    ELSE CASE WHEN k.actual1 = 0 THEN 0 ELSE floor(coalesce(k.periodic_target1, k.target) * 100 / k.actual1 + 0.5) END END AS pct) p
   WHERE k.company_id = $1 AND k.scorecard_id IN (SELECT id FROM page))
SELECT page.*, count(scored.scorecard_id)::int AS "kpiCount", coalesce(sum(scored.weight), 0)::float8 AS weight,
       (floor(coalesce(sum(scored.score * scored.weight), 0) + 0.5) / 100)::float8 AS total,
       (floor(coalesce(sum(CASE WHEN scored.adjusted_score <> 0 THEN scored.adjusted_score ELSE scored.score END * scored.weight), 0) + 0.5) / 100)::float8 AS "adjustedTotal"
  FROM page LEFT JOIN scored ON scored.scorecard_id = page.id
 GROUP BY page.id, page.name, page.level, page.period, page.status, page."employeeId", page."employeeName"
 ORDER BY page.id`;

export function scorecardRoutes(app: Hono, { inCall, refuse, body }: ScorecardRouteDeps): void {
  app.get('/api/v1/performance-scorecard/scores', async (c) => {
    const q = c.req.query();
    if (
      !/^[1-9][0-9]*$/.test(q.annualPlanId ?? '') ||
      q.quarter !== '0' ||
      q.level !== 'employee' ||
      q.limit !== '50' ||
      !/^[0-9]{1,7}$/.test(q.offset ?? '')
    )
      throw refuse(400, 'The baseline answers annualPlanId=…&level=employee&quarter=0&limit=50&offset=… only');
    const annualPlanId = Number(q.annualPlanId);
    const offset = Number(q.offset);
    const scores = await inCall(c, async (tx, caller, access) => {
      // any employee of a company with the module may read the report, as in the engine
      if (!access.enabled.has('performance'))
        throw refuse(403, 'The module "performance" is not enabled for your company');
      const scale = await tx.query(
        `SELECT r.target::float8 AS target FROM annual_plan a JOIN rating_scale r ON r.company_id = a.company_id AND r.strategic_plan_id = a.strategic_plan_id
          WHERE a.company_id = $1 AND a.id = $2 ORDER BY r.rating`,
        [caller.companyId, annualPlanId],
      );
      if (scale.length !== 5) throw refuse(422, 'The baseline needs the plan to have a five-level rating scale');
      const targets = scale.map((r) => r.target as number);
      const bands = targets.map((target, i) => ({
        rating: i + 1,
        min: i === 0 ? 0 : targets[i - 1] + 1,
        max: target,
        target,
      }));
      const [{ n }] = await tx.query(
        `SELECT count(*)::int AS n FROM performance_scorecard s WHERE s.company_id = $1 AND s.annual_plan_id = $2 AND s.level = $3`,
        [caller.companyId, annualPlanId, 'employee'],
      );
      const rows = await tx.query(PAGE_WITH_SCORES, [
        caller.companyId,
        annualPlanId,
        'employee',
        offset,
        JSON.stringify(bands),
      ]);
      return { rows, total: n, limit: 50, offset, quarter: 0, bands, mode: 'automatic', averageTargetType: false };
    });
    return c.json({ res: 'success', data: { scores }, err_msg: null });
  });

  // The two transitions the bench drives, as the workflow declares them: approve (its weights checked) and send back.
  const transitions = [
    { action: 'approve', from: ['Draft'], to: 'Approved', checkWeights: true },
    { action: 'accept-back', from: ['Approved', 'Accepted'], to: 'Draft', checkWeights: false },
  ];
  for (const t of transitions)
    app.post(`/api/v1/performance-scorecard/${t.action}`, async (c) => {
      const input = await body(c);
      if (typeof input.id !== 'number' || !Number.isInteger(input.id) || input.id < 1)
        throw refuse(400, 'id must be a positive whole number');
      const scorecard = await inCall(c, async (tx, caller, access) => {
        if (!access.admin.has('performance')) throw refuse(403, 'You need admin access to the module "performance"');
        const [before] = await tx.query(
          `SELECT ${SCORECARD_COLUMNS} FROM performance_scorecard WHERE id = $1 AND company_id = $2 FOR UPDATE`,
          [input.id, caller.companyId],
        );
        if (!before) throw refuse(404, `No performance scorecard with id ${input.id}`);
        if (!t.from.includes(before.status as string))
          throw refuse(409, `Cannot ${t.action} a performance scorecard that is ${before.status}`);
        const [after] = await tx.query(
          `UPDATE performance_scorecard SET status = $1, version = version + 1, updated_at = now(), updated_by = $2 WHERE id = $3 AND company_id = $4 RETURNING ${SCORECARD_COLUMNS}`,
          [t.to, caller.accountId, before.id, caller.companyId],
        );
        await tx.query(
          `INSERT INTO audit_trail (company_id, entity, record_id, action, done_by, done_by_name, done_at, before, after)
           VALUES ($1, 'performance-scorecard', $2, $3, $4, $5, now(), $6::text::jsonb, $7::text::jsonb)`,
          [
            caller.companyId,
            after.id,
            t.action,
            caller.accountId,
            caller.name,
            JSON.stringify(before),
            JSON.stringify(after),
          ],
        );
        if (t.checkWeights) {
          const [{ total, n }] = await tx.query(
            `SELECT coalesce(sum(weight), 0)::float8 AS total, count(*)::int AS n FROM performance_kpi WHERE company_id = $1 AND scorecard_id = $2`,
            [caller.companyId, after.id],
          );
          if (n === 0 || Math.round((total as number) * 100) / 100 !== 100)
            throw refuse(422, `The KPI weights must total 100; they total ${total}`);
        }
        return after;
      });
      return c.json({ res: 'success', data: { scorecard }, err_msg: null });
    });
}

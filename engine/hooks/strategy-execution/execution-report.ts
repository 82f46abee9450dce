import type { CallContext } from '../../records/call-context.ts';
import { validateInput } from '../../records/record-validator.ts';
import type { CommandHook } from '../hook-registry.ts';
import { progressColour } from '../performance/scoring.ts';

/** The report screens of strategy execution, each a grouping of the same figures. */
export const REPORT_KINDS = [
  'annual-plans',
  'business-units',
  'objectives',
  'initiatives',
  'performance-reviews',
  'all',
  'annual',
] as const;
type Kind = (typeof REPORT_KINDS)[number];

const INPUT = {
  type: 'object',
  required: ['by'],
  additionalProperties: false,
  properties: {
    by: { enum: [...REPORT_KINDS] },
    executionPlanId: { type: 'string', pattern: '^[0-9]+$' },
    limit: { type: 'string', pattern: '^[0-9]+$' },
    offset: { type: 'string', pattern: '^[0-9]+$' },
  },
};

/** Each initiative with its reviews counted and its latest accepted percent (by cycle end), one pass over the plan(s). */
const INITIATIVE_FIGURES = `
  SELECT ai.id, ai.execution_plan_id, ai.annual_objective_id, ai.business_unit_id, ai.quarter_index, ai.name,
         count(pr.id)::int AS reviews,
         count(pr.id) FILTER (WHERE pr.status = 'Accepted')::int AS accepted,
         (array_agg(pr.percent ORDER BY c.end_date DESC, pr.id DESC) FILTER (WHERE pr.status = 'Accepted' AND pr.percent IS NOT NULL))[1]::float8 AS percent
    FROM annual_initiative ai
    LEFT JOIN performance_review pr ON pr.company_id = ai.company_id AND pr.annual_initiative_id = ai.id
    LEFT JOIN performance_review_cycle c ON c.company_id = pr.company_id AND c.id = pr.performance_review_cycle_id
   WHERE ai.company_id = $1 AND ($2::bigint IS NULL OR ai.execution_plan_id = $2)
   GROUP BY ai.company_id, ai.id`;

/** The grouping each report kind asks for, over the initiatives' figures (f) — SQL only, no row per initiative leaves the database unless asked. */
const GROUPINGS: Record<Exclude<Kind, 'performance-reviews' | 'all'>, string> = {
  'annual-plans': `SELECT ep.id, ep.name, ep.status, count(f.id)::int AS initiatives, coalesce(sum(f.reviews), 0)::int AS reviews, coalesce(sum(f.accepted), 0)::int AS accepted, round(avg(f.percent))::int AS percent
      FROM execution_plan ep LEFT JOIN f ON f.execution_plan_id = ep.id WHERE ep.company_id = $1 AND ($2::bigint IS NULL OR ep.id = $2) GROUP BY ep.company_id, ep.id ORDER BY ep.start_date DESC, ep.id`,
  'business-units': `SELECT bu.id, bu.name, count(f.id)::int AS initiatives, sum(f.reviews)::int AS reviews, sum(f.accepted)::int AS accepted, round(avg(f.percent))::int AS percent
      FROM f JOIN business_unit bu ON bu.company_id = $1 AND bu.id = f.business_unit_id GROUP BY bu.company_id, bu.id ORDER BY bu.name, bu.id`,
  objectives: `SELECT ao.id, ao.name, count(f.id)::int AS initiatives, coalesce(sum(f.reviews), 0)::int AS reviews, coalesce(sum(f.accepted), 0)::int AS accepted, round(avg(f.percent))::int AS percent
      FROM annual_objective ao LEFT JOIN f ON f.annual_objective_id = ao.id WHERE ao.company_id = $1 AND ($2::bigint IS NULL OR ao.execution_plan_id = $2) GROUP BY ao.company_id, ao.id ORDER BY ao.name, ao.id`,
  initiatives: `SELECT f.id, f.name, f.business_unit_id AS "businessUnitId", f.quarter_index AS "quarterIndex", 1 AS initiatives, f.reviews, f.accepted, round(f.percent)::int AS percent FROM f ORDER BY f.name, f.id`,
  annual: `SELECT f.execution_plan_id * 10 + f.quarter_index AS id, ep.name || ' Q' || (f.quarter_index + 1) AS name, f.quarter_index AS "quarterIndex", count(f.id)::int AS initiatives, sum(f.reviews)::int AS reviews, sum(f.accepted)::int AS accepted, round(avg(f.percent))::int AS percent
      FROM f JOIN execution_plan ep ON ep.company_id = $1 AND ep.id = f.execution_plan_id GROUP BY f.execution_plan_id, ep.name, ep.start_date, f.quarter_index ORDER BY ep.start_date DESC, f.execution_plan_id, f.quarter_index`,
};

/** Reviews by cycle and status (performance-reviews), or every review as a row (all). */
const REVIEW_REPORTS: Record<'performance-reviews' | 'all', string> = {
  'performance-reviews': `SELECT c.id, c.name, count(pr.id)::int AS reviews, count(pr.id) FILTER (WHERE pr.status = 'Draft')::int AS draft, count(pr.id) FILTER (WHERE pr.status = 'Submitted')::int AS submitted,
         count(pr.id) FILTER (WHERE pr.status = 'Accepted')::int AS accepted, round(avg(pr.percent) FILTER (WHERE pr.status = 'Accepted'))::int AS percent
      FROM performance_review_cycle c LEFT JOIN performance_review pr ON pr.company_id = c.company_id AND pr.performance_review_cycle_id = c.id
     WHERE c.company_id = $1 AND ($2::bigint IS NULL OR c.execution_plan_id = $2) GROUP BY c.company_id, c.id ORDER BY c.start_date, c.id`,
  all: `SELECT pr.id, ai.name, c.name AS cycle, pr.business_unit_id AS "businessUnitId", pr.target::float8 AS target, pr.actual::float8 AS actual, pr.status, pr.percent
      FROM performance_review pr JOIN annual_initiative ai ON ai.company_id = pr.company_id AND ai.id = pr.annual_initiative_id
      JOIN performance_review_cycle c ON c.company_id = pr.company_id AND c.id = pr.performance_review_cycle_id
     WHERE pr.company_id = $1 AND ($2::bigint IS NULL OR pr.execution_plan_id = $2) ORDER BY c.start_date, ai.name, pr.id`,
};

/** Runs one report's SQL a page at a time with its total; each row gets the progress colour of its percent. */
export async function reportPage(ctx: CallContext, sql: string, params: unknown[], input: Record<string, unknown>) {
  const limit = Math.min(Math.max(Number(input.limit ?? 100), 1), 500);
  const offset = Number(input.offset ?? 0);
  const [rows, [{ n }]] = await Promise.all([
    ctx.tx.query<Record<string, unknown>>(`SELECT * FROM (${sql}) r LIMIT ${limit} OFFSET ${offset}`, params, {
      prepare: false,
    }),
    ctx.tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) r`, params, { prepare: false }),
  ]);
  const list = rows.map((r) => ({
    ...r,
    colour: r.percent === null || r.percent === undefined ? null : progressColour(Number(r.percent)),
  }));
  return { list, total: n, limit, offset };
}

/** GET execution-plan/report?by=<kind>[&executionPlanId=]: one of the seven strategy-execution reports, aggregated in SQL. */
export const report: CommandHook = async (ctx, _entity, input) => {
  validateInput(INPUT, input);
  const by = input.by as Kind;
  const planId = input.executionPlanId === undefined ? null : Number(input.executionPlanId);
  const sql =
    by === 'performance-reviews' || by === 'all'
      ? REVIEW_REPORTS[by]
      : `WITH f AS (${INITIATIVE_FIGURES}) ${GROUPINGS[by]}`;
  return { by, ...(await reportPage(ctx, sql, [ctx.companyId, planId], input)) };
};

const AGENCY_INPUT = {
  type: 'object',
  additionalProperties: false,
  properties: {
    executionPlanId: { type: 'string', pattern: '^[0-9]+$' },
    limit: { type: 'string', pattern: '^[0-9]+$' },
    offset: { type: 'string', pattern: '^[0-9]+$' },
  },
};

/**
 * GET agency-performance-review/report[?executionPlanId=]: each business unit (agency) with its initiatives' figures
 * and the rating its latest agency performance review gave it.
 */
export const agencyReport: CommandHook = async (ctx, _entity, input) => {
  validateInput(AGENCY_INPUT, input);
  const planId = input.executionPlanId === undefined ? null : Number(input.executionPlanId);
  const sql = `WITH f AS (${INITIATIVE_FIGURES}),
    latest AS (SELECT DISTINCT ON (apr.business_unit_id) apr.business_unit_id, pr.name AS rating, apr.comment
                 FROM agency_performance_review apr LEFT JOIN performance_rating pr ON pr.company_id = apr.company_id AND pr.id = apr.performance_rating_id
                WHERE apr.company_id = $1 AND ($2::bigint IS NULL OR apr.execution_plan_id = $2) ORDER BY apr.business_unit_id, apr.id DESC)
    SELECT bu.id, bu.name, count(f.id)::int AS initiatives, coalesce(sum(f.reviews), 0)::int AS reviews, coalesce(sum(f.accepted), 0)::int AS accepted,
           round(avg(f.percent))::int AS percent, latest.rating, latest.comment
      FROM business_unit bu LEFT JOIN f ON f.business_unit_id = bu.id LEFT JOIN latest ON latest.business_unit_id = bu.id
     WHERE bu.company_id = $1 AND (f.id IS NOT NULL OR latest.business_unit_id IS NOT NULL)
     GROUP BY bu.company_id, bu.id, latest.rating, latest.comment ORDER BY bu.name, bu.id`;
  return reportPage(ctx, sql, [ctx.companyId, planId], input);
};

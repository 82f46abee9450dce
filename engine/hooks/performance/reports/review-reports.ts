import { AppError } from '../../../app-error.ts';
import { text } from '../../../i18n/text.ts';
import type { CallContext } from '../../../records/call-context.ts';
import type { CommandHook } from '../../hook-registry.ts';
import type { OrganisationFilter } from './company-performance.ts';
import { FINAL_QUARTER } from './performance-curve.ts';

/**
 * The review reports: the employees' agreements and assessments of an annual plan, for the company (the module's
 * admins) or for the caller's subordinates (the inbox reports). Each is one aggregate query (a paged one: a page and
 * its count) over the review tables, joined by primary key to the scorecard, employee and unit.
 *
 * Quarters: an assessment names its quarter, and with none chosen the report reads the year's final one (Q4). An
 * agreement belongs to its scorecard: with a quarter chosen, the agreements of that quarter's periodic scorecards;
 * with none, those of the annual scorecards.
 */
type Filter = OrganisationFilter & { limit?: number; offset?: number };

/** Whose reviews a report shows: the whole company's, or those of the employees the caller supervises or stands in for. */
type Scope = 'company' | 'subordinates';

/** The SQL parameters and conditions a report builds up; `$1` is always the company, `$2` the annual plan. */
class Query {
  readonly params: unknown[];
  readonly where: string[] = [];
  constructor(ctx: CallContext, f: Filter) {
    this.params = [ctx.companyId, f.annualPlanId];
  }
  /** `$n` of a new parameter. */
  p(value: unknown): string {
    return `$${this.params.push(value)}`;
  }
}

/** The caller's employee id, which an inbox report needs (the platform administrator has no subordinates). */
function callerOf(ctx: CallContext): number {
  if (ctx.actor.employeeId === null) throw AppError.worded('bad_request', text('refusal.employeesOnly'));
  return ctx.actor.employeeId;
}

/** A review's business unit and department: its employee's, or (a corporate scorecard has no employee) its scorecard's. */
const BU = 'coalesce(e.business_unit_id, s.business_unit_id)';
const DEPT = 'coalesce(e.department_id, s.department_id)';

/** Conditions every report shares: the unit chosen, and the scope (the caller's subordinates, direct or acting). */
function scoped(ctx: CallContext, q: Query, f: Filter, scope: Scope): void {
  if (f.businessUnitId !== undefined) q.where.push(`${BU} = ${q.p(f.businessUnitId)}`);
  if (f.departmentId !== undefined) q.where.push(`${DEPT} = ${q.p(f.departmentId)}`);
  if (scope === 'subordinates') {
    const me = q.p(callerOf(ctx));
    q.where.push(`(e.supervisor_id = ${me} OR e.acting_supervisor_id = ${me})`);
  }
}

/** Reports group by business unit, or by department once a business unit or department is chosen. */
function unitOf(f: Filter): { table: string; key: string } {
  return f.businessUnitId !== undefined || f.departmentId !== undefined
    ? { table: 'department', key: DEPT }
    : { table: 'business_unit', key: BU };
}

const page = (f: Filter) => ({ limit: Math.min(f.limit ?? 50, 500), offset: f.offset ?? 0 });

const EMPLOYEE_NAME = `trim(e.first_name || ' ' || e.last_name)`;

/**
 * Per employee scorecard of the plan (annual; and the periodic one of the quarter chosen): its agreement's status and
 * the quarter's assessment with its self score, supervisor's score, final score and status; a page of them in name
 * order and how many there are.
 */
function employeeReviews(scope: Scope): CommandHook {
  return async (ctx, _entity, input) => {
    const f = input as unknown as Filter;
    const q = new Query(ctx, f);
    const quarter = q.p(f.quarterIndex ?? FINAL_QUARTER);
    q.where.push(
      `s.company_id = $1`,
      `s.annual_plan_id = $2`,
      `s.level = 'employee'`,
      `(s.period = 'Annual' OR s.quarter_index = ${quarter})`,
    );
    scoped(ctx, q, f, scope);
    const from = `FROM performance_scorecard s
      JOIN employee e ON e.company_id = s.company_id AND e.id = s.employee_id
      LEFT JOIN performance_agreement g ON g.company_id = s.company_id AND g.scorecard_id = s.id
      LEFT JOIN performance_assessment a ON a.company_id = s.company_id AND a.scorecard_id = s.id AND a.quarter_index = ${quarter}`;
    const where = `WHERE ${q.where.join(' AND ')}`;
    const { limit, offset } = page(f);
    const [list, [{ n }]] = await Promise.all([
      ctx.tx.query(
        `SELECT e.id AS "employeeId", ${EMPLOYEE_NAME} AS employee, s.name AS scorecard, bu.name AS "businessUnit", d.name AS department,
                g.status AS "agreementStatus", a.status AS "assessmentStatus",
                a.self_score::float8 AS "selfScore", a.score::float8 AS score, a.final_score::float8 AS "finalScore"
           ${from}
           LEFT JOIN business_unit bu ON bu.company_id = $1 AND bu.id = e.business_unit_id
           LEFT JOIN department d ON d.company_id = $1 AND d.id = e.department_id
          ${where}
          ORDER BY employee, s.id LIMIT ${limit} OFFSET ${offset}`,
        q.params,
        { prepare: false },
      ),
      ctx.tx.query<{ n: number }>(`SELECT count(*)::int AS n ${from} ${where}`, q.params, { prepare: false }),
    ]);
    return { list, total: n };
  };
}

/** The states of each review, in workflow order, with the one that completes it. */
const STATES = {
  agreement: { table: 'performance_agreement', statuses: ['Pending', 'Disputed', 'Agreed'], done: 'Agreed' },
  assessment: {
    table: 'performance_assessment',
    statuses: ['Open', 'SelfAssessed', 'Assessed', 'Disputed', 'ReferredBack', 'Agreed', 'Completed'],
    done: 'Completed',
  },
} as const;

/** A status as a column key: `SelfAssessed` → `selfAssessed`. */
export const statusKey = (status: string): string => status.charAt(0).toLowerCase() + status.slice(1);

/**
 * Completion of the agreements or assessments of one review type (Personal: the employees'; Corporate: the PM
 * committee's) per unit: how many are in each status, how many in all, and the percent completed (agreed, or
 * completed for an assessment), rounded to one decimal.
 */
function completion(kind: keyof typeof STATES, type: 'Personal' | 'Corporate', scope: Scope): CommandHook {
  return async (ctx, _entity, input) => {
    const f = input as unknown as Filter;
    const { table, statuses, done } = STATES[kind];
    const q = new Query(ctx, f);
    q.where.push(`t.company_id = $1`, `t.annual_plan_id = $2`, `t.type = ${q.p(type)}`);
    if (kind === 'assessment') q.where.push(`t.quarter_index = ${q.p(f.quarterIndex ?? FINAL_QUARTER)}`);
    else
      q.where.push(
        f.quarterIndex === undefined ? `t.quarter_index IS NULL` : `t.quarter_index = ${q.p(f.quarterIndex)}`,
      );
    scoped(ctx, q, f, scope);
    const unit = unitOf(f);
    const counts = statuses
      .map((s) => `count(*) FILTER (WHERE t.status = '${s}')::int AS "${statusKey(s)}"`)
      .join(', ');
    const list = await ctx.tx.query(
      `SELECT coalesce(u.name, '—') AS unit, ${counts}, count(*)::int AS total,
              round(100.0 * count(*) FILTER (WHERE t.status = '${done}') / count(*), 1)::float8 AS "completedPercent"
         FROM ${table} t
         JOIN performance_scorecard s ON s.company_id = t.company_id AND s.id = t.scorecard_id
         LEFT JOIN employee e ON e.company_id = t.company_id AND e.id = t.employee_id
         LEFT JOIN ${unit.table} u ON u.company_id = $1 AND u.id = ${unit.key}
        WHERE ${q.where.join(' AND ')}
        GROUP BY ${unit.key}, u.name ORDER BY u.name NULLS LAST`,
      q.params,
      { prepare: false },
    );
    return { list, total: list.length };
  };
}

/** Which assessments have scores to average: the employees' assessed ones (a final score is set once assessed). */
function scoredAssessments(ctx: CallContext, f: Filter, scope: Scope): { q: Query; from: string } {
  const q = new Query(ctx, f);
  q.where.push(
    `a.company_id = $1`,
    `a.annual_plan_id = $2`,
    `a.quarter_index = ${q.p(f.quarterIndex ?? FINAL_QUARTER)}`,
    `a.type = 'Personal'`,
    `a.final_score IS NOT NULL`,
  );
  scoped(ctx, q, f, scope);
  const from = `FROM performance_assessment a
    JOIN employee e ON e.company_id = a.company_id AND e.id = a.employee_id
    JOIN performance_scorecard s ON s.company_id = a.company_id AND s.id = a.scorecard_id`;
  return { q, from };
}

/** Assessment scores per unit: how many were assessed, their average self, supervisor and final scores, the lowest and highest final score. */
export const assessmentScoreReport: CommandHook = async (ctx, _entity, input) => {
  const f = input as unknown as Filter;
  const { q, from } = scoredAssessments(ctx, f, 'company');
  const unit = unitOf(f);
  const list = await ctx.tx.query(
    `SELECT coalesce(u.name, '—') AS unit, count(*)::int AS assessments,
            round(avg(a.self_score)::numeric, 2)::float8 AS "averageSelfScore", round(avg(a.score)::numeric, 2)::float8 AS "averageScore",
            round(avg(a.final_score)::numeric, 2)::float8 AS "averageFinalScore", min(a.final_score)::float8 AS "lowestScore", max(a.final_score)::float8 AS "highestScore"
       ${from} LEFT JOIN ${unit.table} u ON u.company_id = $1 AND u.id = ${unit.key}
      WHERE ${q.where.join(' AND ')}
      GROUP BY ${unit.key}, u.name ORDER BY u.name NULLS LAST`,
    q.params,
    { prepare: false },
  );
  return { list, total: list.length };
};

/** The caller's subordinates' assessed scores, one row per assessment, in name order. */
export const myAssessmentScores: CommandHook = async (ctx, _entity, input) => {
  const f = input as unknown as Filter;
  const { q, from } = scoredAssessments(ctx, f, 'subordinates');
  const list = await ctx.tx.query(
    `SELECT e.id AS "employeeId", ${EMPLOYEE_NAME} AS employee, s.name AS scorecard, a.status,
            a.self_score::float8 AS "selfScore", a.score::float8 AS score, a.final_score::float8 AS "finalScore"
       ${from} WHERE ${q.where.join(' AND ')} ORDER BY employee, a.id`,
    q.params,
    { prepare: false },
  );
  return { list, total: list.length };
};

/** /app/reports/employee-performance-reports: every employee's agreement and assessment of the quarter. */
export const employeePerformanceReport = employeeReviews('company');
/** /app/my-inbox/reports/employee-reviews: the same for the caller's subordinates. */
export const myEmployeeReviews = employeeReviews('subordinates');

export const employeeAgreementReport = completion('agreement', 'Personal', 'company');
export const employeeAssessmentReport = completion('assessment', 'Personal', 'company');
export const pmCommitteeAgreementReport = completion('agreement', 'Corporate', 'company');
export const pmCommitteeAssessmentReport = completion('assessment', 'Corporate', 'company');
/** The inbox's completion reports: the personal reviews of the caller's subordinates. */
export const myAgreementsCompletion = completion('agreement', 'Personal', 'subordinates');
export const myAssessmentsCompletion = completion('assessment', 'Personal', 'subordinates');

import type { CallContext } from '../../../records/call-context.ts';
import type { CommandHook } from '../../hook-registry.ts';
import { page, parseQaQuery, SqlParams, type QaQuery } from './qa-query.ts';

/**
 * The employee lists of quality assurance for one annual plan (annualPlanId required): each a single paged query over
 * the records that carry the status, joined to the employee; filters businessUnitId, departmentId, quarterIndex and
 * status where they apply. Module admins read them (declared in the metadata).
 */
interface StatusSource {
  /** the FROM of the records, aliased x, with x.employee_id and x.annual_plan_id */
  readonly from: string;
  /** the record's columns of the reply */
  readonly columns: string;
  /** conditions always applied */
  readonly fixed: readonly string[];
  readonly quarter?: string;
  readonly status?: string;
  readonly groupBy?: string;
}

async function employeeStatusList(ctx: CallContext, input: Record<string, unknown>, source: StatusSource) {
  const q: QaQuery = parseQaQuery(input, ['annualPlanId']);
  const p = new SqlParams(ctx.companyId, q.annualPlanId);
  const where = ['x.company_id = $1', 'x.annual_plan_id = $2', ...source.fixed];
  if (q.businessUnitId !== undefined) where.push(`e.business_unit_id = ${p.add(q.businessUnitId)}`);
  if (q.departmentId !== undefined) where.push(`e.department_id = ${p.add(q.departmentId)}`);
  if (q.quarterIndex !== undefined && source.quarter) where.push(`${source.quarter} = ${p.add(q.quarterIndex)}`);
  if (q.status !== undefined && source.status) where.push(`${source.status} = ${p.add(q.status)}`);
  if (q.list !== undefined && source.groupBy) where.push(`x.list = ${p.add(q.list)}`);
  const rows = await ctx.tx.query(
    `SELECT e.id AS "employeeId", concat_ws(' ', e.first_name, e.last_name) AS "employeeName", e.employee_number AS "employeeNumber",
            e.business_unit_id AS "businessUnitId", e.department_id AS "departmentId", ${source.columns}, count(*) OVER () AS total
       FROM ${source.from} JOIN employee e ON e.company_id = x.company_id AND e.id = x.employee_id
      WHERE ${where.join(' AND ')}
      ${source.groupBy ? `GROUP BY e.company_id, e.id, ${source.groupBy}` : ''}
      ORDER BY "employeeName", e.id LIMIT ${q.limit} OFFSET ${q.offset}`,
    p.values,
  );
  return page(rows, q);
}

/** GET qa-review/employees-with-completed-reviews: employees whose scorecard or assessment QA has completed (?list=). */
export const employeesWithCompletedReviews: CommandHook = (ctx, _entity, input) =>
  employeeStatusList(ctx, input, {
    from: 'qa_review x',
    fixed: ['x.is_complete'],
    groupBy: 'x.list, x.scorecard_id, x.assessment_id',
    columns: `x.list, x.scorecard_id AS "scorecardId", x.assessment_id AS "assessmentId", max(x.updated_at) AS "completedAt", count(*)::int AS "reviewCount"`,
  });

const AGREEMENT_COLUMNS = `x.id AS "agreementId", x.title, x.quarter_index AS "quarterIndex", x.type, x.status`;

/** GET qa-review/employees-with-accepted-agreements: employees whose performance agreement is Agreed. */
export const employeesWithAcceptedAgreements: CommandHook = (ctx, _entity, input) =>
  employeeStatusList(ctx, input, {
    from: 'performance_agreement x',
    fixed: [`x.status = 'Agreed'`],
    quarter: 'x.quarter_index',
    columns: AGREEMENT_COLUMNS,
  });

/** GET qa-review/employees-with-agreement-status: employees with their performance agreements' status (?status=). */
export const employeesWithAgreementStatus: CommandHook = (ctx, _entity, input) =>
  employeeStatusList(ctx, input, {
    from: 'performance_agreement x',
    fixed: [],
    quarter: 'x.quarter_index',
    status: 'x.status',
    columns: AGREEMENT_COLUMNS,
  });

/** GET qa-review/employees-with-assessment-status: employees with their assessments' status and scores (?status=, ?quarterIndex=). */
export const employeesWithAssessmentStatus: CommandHook = (ctx, _entity, input) =>
  employeeStatusList(ctx, input, {
    from: 'performance_assessment x',
    fixed: [],
    quarter: 'x.quarter_index',
    status: 'x.status',
    columns: `x.id AS "assessmentId", x.title, x.quarter_index AS "quarterIndex", x.type, x.status, x.final_score AS "finalScore"`,
  });

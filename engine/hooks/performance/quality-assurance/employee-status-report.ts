import type { CommandHook } from '../../hook-registry.ts';
import { page, parseQaQuery, SqlParams } from './qa-query.ts';
import { reviewStatus } from './qa-work.ts';

/**
 * GET qa-review/employee-status?annualPlanId=&quarterIndex= (a report): each employee scorecard of the plan with its
 * agreement status, the quarter's assessment status and final score, and where the scorecard's and the assessment's QA
 * reviews stand. One statement (joins and EXISTS subqueries); filters businessUnitId and departmentId; quarter Q1 (0)
 * unless named.
 */
export const employeeStatus: CommandHook = async (ctx, _entity, input) => {
  const q = parseQaQuery(input, ['annualPlanId'], { report: true });
  const p = new SqlParams(ctx.companyId, q.annualPlanId, q.quarterIndex ?? 0);
  const where = ['s.company_id = $1', 's.annual_plan_id = $2', 's.employee_id IS NOT NULL'];
  if (q.businessUnitId !== undefined) where.push(`e.business_unit_id = ${p.add(q.businessUnitId)}`);
  if (q.departmentId !== undefined) where.push(`e.department_id = ${p.add(q.departmentId)}`);
  const rows = await ctx.tx.query(
    `SELECT e.id AS "employeeId", concat_ws(' ', e.first_name, e.last_name) AS "employeeName", s.id AS "scorecardId", s.name AS title,
            ag.status AS "agreementStatus", a.id AS "assessmentId", a.status AS "assessmentStatus", a.final_score AS "finalScore",
            EXISTS (SELECT 1 FROM qa_review r WHERE r.company_id = $1 AND r.scorecard_id = s.id AND r.is_complete) AS "scorecardCompleted",
            (SELECT count(*) FROM qa_review r WHERE r.company_id = $1 AND r.scorecard_id = s.id)::int AS "scorecardReviews",
            EXISTS (SELECT 1 FROM qa_review r WHERE r.company_id = $1 AND r.assessment_id = a.id AND r.is_complete) AS "performanceCompleted",
            (SELECT count(*) FROM qa_review r WHERE r.company_id = $1 AND r.assessment_id = a.id)::int AS "performanceReviews",
            count(*) OVER () AS total
       FROM performance_scorecard s
       JOIN employee e ON e.company_id = s.company_id AND e.id = s.employee_id
       LEFT JOIN performance_agreement ag ON ag.company_id = s.company_id AND ag.scorecard_id = s.id
       LEFT JOIN performance_assessment a ON a.company_id = s.company_id AND a.scorecard_id = s.id AND a.quarter_index = $3
      WHERE ${where.join(' AND ')}
      ORDER BY "employeeName", s.id LIMIT ${q.limit}`,
    p.values,
  );
  for (const r of rows) {
    r.scorecardReview = reviewStatus(r.scorecardCompleted as boolean, Number(r.scorecardReviews));
    r.performanceReview =
      r.assessmentId === null ? null : reviewStatus(r.performanceCompleted as boolean, Number(r.performanceReviews));
  }
  return page(rows, q);
};

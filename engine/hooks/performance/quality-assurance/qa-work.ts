import type { CommandHook } from '../../hook-registry.ts';
import { callerEmployee } from './qa-access.ts';
import { page, parseQaQuery, SqlParams } from './qa-query.ts';
import { markLastReviewers } from './review-list.ts';
import { REVIEWABLE_ASSESSMENT_STATES } from './qa-subjects.ts';
import { supervisorLineSql } from '../../../access/membership-narrowing.ts';

/** Where a subject's QA review stands, as an option of the reports. */
export const reviewStatus = (completed: boolean, reviewCount: number): 'Completed' | 'InProgress' | 'NotStarted' =>
  completed ? 'Completed' : reviewCount > 0 ? 'InProgress' : 'NotStarted';

const sqlList = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');

/** Review counts of a subject row `sub` (list, subject_id, annual_plan_id), as correlated subqueries in one statement. */
const COUNTS = `
  (SELECT count(*) FROM qa_review r WHERE r.company_id = $1 AND r.list = sub.list AND coalesce(r.scorecard_id, r.assessment_id) = sub.subject_id)::int AS "reviewCount",
  (SELECT count(*) FROM qa_member mm WHERE mm.company_id = $1 AND mm.annual_plan_id = sub.annual_plan_id AND mm.list = sub.list)::int AS "memberCount",
  EXISTS (SELECT 1 FROM qa_review r WHERE r.company_id = $1 AND r.list = sub.list AND coalesce(r.scorecard_id, r.assessment_id) = sub.subject_id AND r.is_complete) AS "completed"`;

/**
 * GET qa-review/my-work: what waits for the signed-in QA member: on the Scorecard list of a plan, its employees'
 * scorecards; on the Performance list, its assessments that are Assessed, Agreed or Disputed; never the member's own
 * or a supervisor's above them (as their read access, access.memberWhen),
 * never one whose QA review is complete. Each row says whether the member has reviewed it (myReviewId), how many have,
 * and isLastReviewer. One statement for the page, two for isLastReviewer.
 */
export const myWork: CommandHook = async (ctx, _entity, input) => {
  const q = parseQaQuery(input);
  const me = callerEmployee(ctx);
  const p = new SqlParams(ctx.companyId, me);
  const mine = ['company_id = $1', 'employee_id = $2'];
  if (q.annualPlanId !== undefined) mine.push(`annual_plan_id = ${p.add(q.annualPlanId)}`);
  if (q.list !== undefined) mine.push(`list = ${p.add(q.list)}`);
  const rows = await ctx.tx.query(
    `WITH mine AS (SELECT id AS member_id, annual_plan_id, list FROM qa_member WHERE ${mine.join(' AND ')}),
     subjects AS (
       SELECT 'Scorecard'::text AS list, m.member_id, s.annual_plan_id, s.id AS subject_id, s.employee_id, s.name AS title, s.status,
              s.name AS scorecard_name, NULL::int AS quarter_index
         FROM mine m JOIN performance_scorecard s ON s.company_id = $1 AND s.annual_plan_id = m.annual_plan_id
        WHERE m.list = 'Scorecard' AND s.employee_id IS NOT NULL AND s.employee_id NOT IN ${supervisorLineSql('$2', '$1')}
       UNION ALL
       SELECT 'Performance'::text, m.member_id, a.annual_plan_id, a.id, a.employee_id, a.title, a.status,
              (SELECT s.name FROM performance_scorecard s WHERE s.company_id = $1 AND s.id = a.scorecard_id), a.quarter_index
         FROM mine m JOIN performance_assessment a ON a.company_id = $1 AND a.annual_plan_id = m.annual_plan_id
        WHERE m.list = 'Performance' AND a.status IN (${sqlList(REVIEWABLE_ASSESSMENT_STATES)}) AND (a.employee_id IS NULL OR a.employee_id NOT IN ${supervisorLineSql('$2', '$1')}))
     SELECT * FROM (
       SELECT sub.list, sub.member_id AS "qaMemberId", sub.annual_plan_id AS "annualPlanId",
              CASE WHEN sub.list = 'Scorecard' THEN sub.subject_id END AS "scorecardId",
              CASE WHEN sub.list = 'Performance' THEN sub.subject_id END AS "assessmentId",
              sub.subject_id AS id, sub.employee_id AS "employeeId", concat_ws(' ', e.first_name, e.last_name) AS "employeeName", sub.title, sub.status,
              sub.scorecard_name AS "scorecardName", sub.quarter_index AS "quarterIndex",
              (SELECT r.id FROM qa_review r WHERE r.company_id = $1 AND r.qa_member_id = sub.member_id AND r.list = sub.list AND coalesce(r.scorecard_id, r.assessment_id) = sub.subject_id) AS "myReviewId",
              ${COUNTS}
         FROM subjects sub LEFT JOIN employee e ON e.company_id = $1 AND e.id = sub.employee_id) w
     WHERE NOT w.completed
     ORDER BY w.list, w."employeeName", w.id
     LIMIT ${q.limit} OFFSET ${q.offset}`,
    p.values,
  );
  const [{ n }] = await ctx.tx.query<{ n: number }>(
    `WITH mine AS (SELECT id AS member_id, annual_plan_id, list FROM qa_member WHERE ${mine.join(' AND ')})
     SELECT count(*)::int AS n FROM (
       SELECT 'Scorecard'::text AS list, s.id AS subject_id FROM mine m JOIN performance_scorecard s ON s.company_id = $1 AND s.annual_plan_id = m.annual_plan_id
        WHERE m.list = 'Scorecard' AND s.employee_id IS NOT NULL AND s.employee_id NOT IN ${supervisorLineSql('$2', '$1')}
       UNION ALL
       SELECT 'Performance'::text, a.id FROM mine m JOIN performance_assessment a ON a.company_id = $1 AND a.annual_plan_id = m.annual_plan_id
        WHERE m.list = 'Performance' AND a.status IN (${sqlList(REVIEWABLE_ASSESSMENT_STATES)}) AND (a.employee_id IS NULL OR a.employee_id NOT IN ${supervisorLineSql('$2', '$1')})) sub
     WHERE NOT EXISTS (SELECT 1 FROM qa_review r WHERE r.company_id = $1 AND r.list = sub.list AND coalesce(r.scorecard_id, r.assessment_id) = sub.subject_id AND r.is_complete)`,
    p.values,
  );
  await markLastReviewers(ctx, rows, (r) => r.qaMemberId as number);
  return { list: rows, total: n, limit: q.limit, offset: q.offset };
};

/**
 * GET qa-review/scorecards-to-review?annualPlanId= (a report): the employee scorecards of a plan with where their QA
 * review stands (reviews of members, members, complete); filters businessUnitId, departmentId, status. Module admins
 * (declared in the metadata).
 */
export const scorecardsToReview: CommandHook = async (ctx, _entity, input) => {
  const q = parseQaQuery(input, ['annualPlanId'], { report: true });
  const p = new SqlParams(ctx.companyId, q.annualPlanId);
  const where = ['s.company_id = $1', 's.annual_plan_id = $2', 's.employee_id IS NOT NULL'];
  if (q.status !== undefined) where.push(`s.status = ${p.add(q.status)}`);
  if (q.businessUnitId !== undefined) where.push(`e.business_unit_id = ${p.add(q.businessUnitId)}`);
  if (q.departmentId !== undefined) where.push(`e.department_id = ${p.add(q.departmentId)}`);
  const rows = await ctx.tx.query(
    `SELECT sub.subject_id AS id, sub.subject_id AS "scorecardId", sub.list, sub.annual_plan_id AS "annualPlanId", sub.title, sub.status,
            sub.employee_id AS "employeeId", sub.employee_name AS "employeeName", ${COUNTS}, count(*) OVER () AS total
       FROM (SELECT 'Scorecard'::text AS list, s.id AS subject_id, s.annual_plan_id, s.name AS title, s.status, s.employee_id,
                    concat_ws(' ', e.first_name, e.last_name) AS employee_name
               FROM performance_scorecard s JOIN employee e ON e.company_id = s.company_id AND e.id = s.employee_id
              WHERE ${where.join(' AND ')}) sub
      ORDER BY sub.employee_name, sub.subject_id LIMIT ${q.limit} OFFSET ${q.offset}`,
    p.values,
  );
  for (const r of rows) {
    r.isComplete = Number(r.memberCount) > 0 && Number(r.reviewCount) >= Number(r.memberCount);
    r.reviewStatus = reviewStatus(r.completed as boolean, Number(r.reviewCount));
  }
  return page(rows, q);
};

import type { Row } from '../../../db/db.ts';
import type { CallContext } from '../../../records/call-context.ts';
import type { CommandHook } from '../../hook-registry.ts';
import { isLastReviewer } from './last-reviewer.ts';
import { callerEmployee, isPerformanceAdmin } from './qa-access.ts';
import { page, parseQaQuery, SqlParams } from './qa-query.ts';
import { SUBJECT, type QaList } from './qa-subjects.ts';

/**
 * isLastReviewer and isSetComplete for rows that each name a subject (list + scorecardId/assessmentId) and a QA member:
 * two queries for the whole page (the members of the lists, the reviews of the subjects), never one per row.
 */
export async function markLastReviewers(
  ctx: CallContext,
  rows: Row[],
  memberOf: (row: Row) => number | null,
): Promise<void> {
  if (!rows.length) return;
  const plans = [...new Set(rows.map((r) => r.annualPlanId as number))];
  const members = await ctx.tx.query<{ id: number; annualPlanId: number; list: QaList }>(
    `SELECT id, annual_plan_id AS "annualPlanId", list FROM qa_member WHERE company_id = $1 AND annual_plan_id = ANY($2::bigint[])`,
    [ctx.companyId, plans],
  );
  const subjectIds = (list: QaList) => [
    ...new Set(rows.filter((r) => r.list === list).map((r) => r[SUBJECT[list].field] as number)),
  ];
  const reviews = await ctx.tx.query<{ id: number; qaMemberId: number; list: QaList; subjectId: number }>(
    `SELECT id, qa_member_id AS "qaMemberId", list, coalesce(scorecard_id, assessment_id) AS "subjectId" FROM qa_review
      WHERE company_id = $1 AND ((list = 'Scorecard' AND scorecard_id = ANY($2::bigint[])) OR (list = 'Performance' AND assessment_id = ANY($3::bigint[])))`,
    [ctx.companyId, subjectIds('Scorecard'), subjectIds('Performance')],
  );
  for (const row of rows) {
    const list = row.list as QaList;
    const subjectId = row[SUBJECT[list].field] as number;
    const memberIds = members
      .filter((m) => Number(m.annualPlanId) === Number(row.annualPlanId) && m.list === list)
      .map((m) => Number(m.id));
    const marks = reviews
      .filter((r) => r.list === list && Number(r.subjectId) === Number(subjectId))
      .map((r) => ({ id: Number(r.id), qaMemberId: Number(r.qaMemberId) }));
    const member = memberOf(row);
    row.isLastReviewer = member !== null && isLastReviewer(member, memberIds, marks);
  }
}

/**
 * GET qa-review/reviews: the QA reviews (by employee reviewed, plan, list or subject), each with the reviewer's name and
 * isLastReviewer. A module admin sees all; a QA member those of the lists they are on, and their own.
 */
export const reviews: CommandHook = async (ctx, _entity, input) => {
  const q = parseQaQuery(input);
  const me = callerEmployee(ctx);
  const p = new SqlParams(ctx.companyId);
  const where = ['r.company_id = $1'];
  for (const [field, column] of [
    ['annualPlanId', 'annual_plan_id'],
    ['employeeId', 'employee_id'],
    ['scorecardId', 'scorecard_id'],
    ['assessmentId', 'assessment_id'],
    ['list', 'list'],
  ] as const)
    if (q[field] !== undefined) where.push(`r.${column} = ${p.add(q[field])}`);
  if (!isPerformanceAdmin(ctx)) {
    const mine = p.add(me);
    where.push(
      `(r.reviewer_id = ${mine} OR EXISTS (SELECT 1 FROM qa_member m WHERE m.company_id = r.company_id AND m.annual_plan_id = r.annual_plan_id AND m.list = r.list AND m.employee_id = ${mine}))`,
    );
  }
  const rows = await ctx.tx.query(
    `SELECT r.id, r.version, r.qa_member_id AS "qaMemberId", r.list, r.annual_plan_id AS "annualPlanId", r.scorecard_id AS "scorecardId", r.assessment_id AS "assessmentId",
            r.reviewer_id AS "reviewerId", concat_ws(' ', rv.first_name, rv.last_name) AS "reviewerName",
            r.employee_id AS "employeeId", concat_ws(' ', e.first_name, e.last_name) AS "employeeName",
            r.comment, r.is_complete AS "isComplete", r.created_at AS "createdAt", count(*) OVER () AS total
       FROM qa_review r
       JOIN employee rv ON rv.company_id = r.company_id AND rv.id = r.reviewer_id
       LEFT JOIN employee e ON e.company_id = r.company_id AND e.id = r.employee_id
      WHERE ${where.join(' AND ')}
      ORDER BY r.id LIMIT ${q.limit} OFFSET ${q.offset}`,
    p.values,
  );
  await markLastReviewers(ctx, rows, (r) => r.qaMemberId as number);
  return page(rows, q);
};

import { recordRoleWhere } from '../access/record-role-sql.ts';
import { waitingForCaller } from '../hooks/performance/review/review-queues.ts';
import { REVIEWABLE_ASSESSMENT_STATES } from '../hooks/performance/quality-assurance/qa-subjects.ts';
import { supervisorLineSql } from '../access/membership-narrowing.ts';
import { filterSql, personSql, type BranchInput, type InboxBranch } from './inbox-branch.ts';
import { complianceSubmissions } from './compliance-required.ts';
import { executionReviews } from './execution-reviews.ts';
import { organizationalSurveysToAnswer, surveyReviewsToAnswer } from './survey-reviews.ts';
import { monthOwedWhere } from './month-owed.ts';

/**
 * The kinds no declaration can say: a review waits for its employee, their supervisor or the PM committee in different
 * states (the review queues' rule, `waitingForCaller`), and monthly progress is due for a month in which the caller
 * has reported nothing, a record that does not exist yet; a survey or 360 review waits for the colleague it was sent
 * to while its survey is open (survey-reviews.ts); a compliance activity due for a team of the caller's, by the rule
 * of its required actions (compliance-required.ts); a strategy execution review for its approver or, once returned or
 * while its cycle is open, its owner (execution-reviews.ts). Each gives the columns of a declared branch.
 */
export const INBOX_SOURCES: readonly { module: string; branch: (input: BranchInput) => InboxBranch }[] = [
  {
    module: 'performance',
    branch: (input) => review(input, 'agreement', 'agreementsWaiting', '/app/performance/agreements/edit'),
  },
  {
    module: 'performance',
    branch: (input) => review(input, 'assessment', 'assessmentsWaiting', '/app/performance/assessments/edit'),
  },
  { module: 'performance', branch: monthlyProgressDue },
  { module: 'performance', branch: reportsMonthlyProgressDue },
  { module: 'performance', branch: (input) => qaReviews(input, 'Scorecard') },
  { module: 'performance', branch: (input) => qaReviews(input, 'Performance') },
  { module: 'degree-360', branch: surveyReviewsToAnswer },
  { module: 'organizational-survey', branch: organizationalSurveysToAnswer },
  { module: 'compliance-management', branch: (input) => complianceSubmissions(input, 'start') },
  { module: 'compliance-management', branch: (input) => complianceSubmissions(input, 'continue') },
  { module: 'strategy-execution', branch: (input) => executionReviews(input, 'accept') },
  { module: 'strategy-execution', branch: (input) => executionReviews(input, 'submit') },
];

function review(
  { ctx, bind, filters }: BranchInput,
  kind: 'agreement' | 'assessment',
  name: string,
  screen: string,
): InboxBranch {
  const entity = ctx.registry.entity(`performance-${kind}`);
  const read = recordRoleWhere({ actor: ctx.actor, companyId: ctx.companyId }, entity, bind, 't');
  const quarter = kind === 'agreement' ? 'coalesce(t.quarter_index, 0)' : 't.quarter_index';
  const where = [
    't.company_id = $1',
    waitingForCaller(ctx, kind),
    ...(read ? [read] : []),
    ...filterSql(bind, filters, {
      annualPlan: 't.annual_plan_id',
      quarter,
      date: 't.window_end_date',
    }),
  ];
  return {
    kind: name,
    area: 'reviews',
    module: 'performance',
    select: `SELECT '${name}' AS kind, 'reviews' AS area, 'performance' AS module, t.id, t.title::text AS title,
        ${personSql('t.employee_id')} AS person, t.status::text AS state, t.window_end_date AS date, concat('${screen}?id=', t.id) AS link
      FROM performance_${kind} t WHERE ${where.join(' AND ')}`,
  };
}

/**
 * A month whose progress the caller owes (month-owed.ts): theirs to enter, on the monthly progress screen opened on that plan and month.
 */
function monthlyProgressDue({ bind, filters }: BranchInput): InboxBranch {
  const where = [
    monthOwedWhere('p', '$2'),
    ...filterSql(bind, filters, {
      annualPlan: 'p.annual_plan_id',
      date: 'p.start_date',
      whose: 'mine',
    }),
  ];
  return {
    kind: 'monthlyProgressDue',
    area: 'monthly',
    module: 'performance',
    // the title is the plan; the month is data, worded by the screen in the reader's language
    select: `SELECT 'monthlyProgressDue' AS kind, 'monthly' AS area, 'performance' AS module, p.id,
        (SELECT ap.name FROM annual_plan ap WHERE ap.company_id = $1 AND ap.id = p.annual_plan_id)::text AS title,
        NULL::text AS person, p.status::text AS state, p.end_date AS date,
        concat('/app/my-inbox/monthly-progress/employee-progresses?annualPlanId=', p.annual_plan_id, '&periodId=', p.id) AS link
      FROM monthly_progress_period p WHERE ${where.join(' AND ')}`,
    month: `to_char(b.date, 'YYYY-MM')`,
  };
}

/**
 * A month whose progress a person the caller supervises (or stands in for as acting supervisor) owes: a supervisor may enter it for them (employee-progress/set), on the
 * same screen opened on that person.
 */
function reportsMonthlyProgressDue({ bind, filters }: BranchInput): InboxBranch {
  const where = [
    `e.company_id = $1 AND e.id <> $2 AND (e.supervisor_id = $2 OR e.acting_supervisor_id = $2)`,
    monthOwedWhere('p', 'e.id'),
    ...filterSql(bind, filters, { annualPlan: 'p.annual_plan_id', date: 'p.start_date', whose: 'reports' }),
  ];
  return {
    kind: 'reportsMonthlyProgressDue',
    area: 'monthly',
    module: 'performance',
    select: `SELECT 'reportsMonthlyProgressDue' AS kind, 'monthly' AS area, 'performance' AS module, p.id,
        (SELECT ap.name FROM annual_plan ap WHERE ap.company_id = $1 AND ap.id = p.annual_plan_id)::text AS title,
        trim(concat_ws(' ', e.first_name, e.last_name)) AS person, p.status::text AS state, p.end_date AS date,
        concat('/app/my-inbox/monthly-progress/employee-progresses?annualPlanId=', p.annual_plan_id, '&periodId=', p.id, '&employeeId=', e.id) AS link
      FROM monthly_progress_period p CROSS JOIN employee e WHERE ${where.join(' AND ')}`,
    month: `to_char(b.date, 'YYYY-MM')`,
  };
}

/**
 * The subjects waiting for the caller's QA review, as QA's own work list has them (qa-review/my-work): on a plan's
 * Scorecard list, its employees' scorecards; on its Performance list, its assessments Assessed, Agreed or Disputed;
 * never the caller's own or their supervisors' above them, never one whose review is complete, and only while the
 * caller has not reviewed it. QA's screen is where they review it.
 */
function qaReviews({ bind, filters }: BranchInput, list: 'Scorecard' | 'Performance'): InboxBranch {
  const kind = list === 'Scorecard' ? 'qaScorecardsToReview' : 'qaAssessmentsToReview';
  const subject =
    list === 'Scorecard'
      ? `SELECT m.id AS member_id, s.id, s.employee_id, s.name AS title, s.status, s.annual_plan_id, s.quarter_index, NULL::date AS due
           FROM qa_member m JOIN performance_scorecard s ON s.company_id = $1 AND s.annual_plan_id = m.annual_plan_id
          WHERE m.company_id = $1 AND m.employee_id = $2 AND m.list = 'Scorecard' AND s.employee_id IS NOT NULL
            AND s.employee_id NOT IN ${supervisorLineSql('$2', '$1')}`
      : `SELECT m.id AS member_id, a.id, a.employee_id, a.title, a.status, a.annual_plan_id, a.quarter_index, a.window_end_date AS due
           FROM qa_member m JOIN performance_assessment a ON a.company_id = $1 AND a.annual_plan_id = m.annual_plan_id
          WHERE m.company_id = $1 AND m.employee_id = $2 AND m.list = 'Performance'
            AND a.status IN (${REVIEWABLE_ASSESSMENT_STATES.map((x) => `'${x}'`).join(', ')})
            AND (a.employee_id IS NULL OR a.employee_id NOT IN ${supervisorLineSql('$2', '$1')})`;
  const column = list === 'Scorecard' ? 'scorecard_id' : 'assessment_id';
  const where = [
    `NOT EXISTS (SELECT 1 FROM qa_review r WHERE r.company_id = $1 AND r.list = '${list}' AND r.${column} = q.id AND (r.is_complete OR r.qa_member_id = q.member_id))`,
    ...filterSql(bind, filters, { annualPlan: 'q.annual_plan_id', quarter: 'q.quarter_index' }),
  ];
  return {
    kind,
    area: 'reviews',
    module: 'performance',
    select: `SELECT DISTINCT ON (q.id) '${kind}' AS kind, 'reviews' AS area, 'performance' AS module, q.id, q.title::text AS title,
        ${personSql('q.employee_id')} AS person, q.status::text AS state, q.due AS date, '/app/performance/quality-assurance' AS link
      FROM (${subject}) q WHERE ${where.join(' AND ')}`,
  };
}

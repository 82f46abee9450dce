import { AppError } from '../../app-error.ts';
import { text } from '../../i18n/text.ts';
import type { CallContext } from '../../records/call-context.ts';
import type { CommandHook } from '../hook-registry.ts';
import { unitPerformance } from '../performance/reports/company-performance.ts';
import { reportPage } from '../projects/report-page.ts';
import { inboxCounts } from '../../inbox/inbox-query.ts';
import { currentAnnualPlanSql } from '../performance/plan/current-annual-plan.ts';
import { recordRoleWhere } from '../../access/record-role-sql.ts';
import { monthOwedWhere } from '../../inbox/month-owed.ts';

function callerOf(ctx: CallContext): number {
  if (ctx.actor.employeeId === null) throw AppError.worded('bad_request', text('refusal.employeesOnly'));
  return ctx.actor.employeeId;
}

/** The annual plan the company items are about: the one every screen opens on (currentAnnualPlanSql). */
const currentPlan = () => currentAnnualPlanSql('$1');

/**
 * GET dashboard-item/company-performance: how the company performs in the current annual plan, per business unit:
 * the average weighted score (and adjusted score) of its employees' annual scorecards for the year, as the company
 * performance report computes them (`unitPerformance`: every KPI scored in SQL exactly as the scoring hooks score it,
 * one statement for the whole company). A unit whose average would tell the caller the score of one or two people
 * they may not read comes without its figures (`hidden`).
 */
export const companyPerformance: CommandHook = async (ctx) => {
  const [plan] = await ctx.tx.query<{ id: number; name: string }>(
    `SELECT id, name FROM annual_plan WHERE id = ${currentPlan()} AND company_id = $1`,
    [ctx.companyId],
  );
  if (!plan) return { annualPlan: null, annualPlanId: null, list: [] };
  const { list } = await unitPerformance(ctx, { annualPlanId: plan.id });
  // every employee sees the dashboard: the averages only, not the lowest and highest score (one person's each)
  return {
    annualPlan: plan.name,
    annualPlanId: plan.id,
    list: list.map(({ unit, scorecards, averageScore, averageAdjustedScore, hidden }) => ({
      unit,
      scorecards,
      averageScore,
      averageAdjustedScore,
      ...(hidden ? { hidden } : {}),
    })),
  };
};

/**
 * The heads of one organisation level with their unit and their scorecards in the current plan counted by status
 * (accepted, approved, draft: every status a scorecard has). Only the scorecards the caller may read count (the
 * scorecard's read access as SQL, `recordRoleWhere`), and a caller who does not read every scorecard sees only the
 * heads whose scorecards they read, and themselves: a colleague learns nobody's scorecard status from the dashboard.
 */
function headsItem(
  flag: 'business_unit_head' | 'department_head',
  unitTable: 'business_unit' | 'department',
  unitColumn: 'business_unit_id' | 'department_id',
): CommandHook {
  return (ctx, _entity, input) => {
    const params: unknown[] = [ctx.companyId];
    const bind = (value: unknown) => `$${params.push(value)}`;
    const readable = recordRoleWhere({ actor: ctx.actor }, ctx.registry.entity('performance-scorecard'), bind, 's');
    const sql = `SELECT e.id, trim(concat_ws(' ', e.first_name, e.last_name)) AS name, u.name AS unit,
      count(s.id)::int AS scorecards, count(s.id) FILTER (WHERE s.status IN ('Accepted', 'MidTermAccepted', 'FinalTermAccepted'))::int AS accepted,
      count(s.id) FILTER (WHERE s.status = 'Approved')::int AS approved, count(s.id) FILTER (WHERE s.status = 'Draft')::int AS draft
    FROM employee e LEFT JOIN ${unitTable} u ON u.company_id = e.company_id AND u.id = e.${unitColumn}
    LEFT JOIN performance_scorecard s ON s.company_id = e.company_id AND s.employee_id = e.id AND s.annual_plan_id = ${currentPlan()}${readable ? ` AND ${readable}` : ''}
    WHERE e.company_id = $1 AND e.${flag} = 'Yes' AND e.status = 'Active'
    GROUP BY e.company_id, e.id, u.name${readable ? ` HAVING count(s.id) > 0 OR e.id = ${bind(ctx.actor.employeeId)}` : ''}
    ORDER BY u.name NULLS LAST, e.last_name, e.first_name, e.id`;
    return reportPage(ctx, sql, params, input);
  };
}

/** GET dashboard-item/business-unit-heads: each business unit head with the scorecards of the current plan. */
export const businessUnitHeads = headsItem('business_unit_head', 'business_unit', 'business_unit_id');

/** GET dashboard-item/department-heads: each department head with the scorecards of the current plan. */
export const departmentHeads = headsItem('department_head', 'department', 'department_id');

/** GET dashboard-item/direct-reportees: the employees the caller supervises or stands in for, with their trainings and open tasks. */
export const directReportees: CommandHook = async (ctx, _entity, input) => {
  const sql = `SELECT e.id, trim(concat_ws(' ', e.first_name, e.last_name)) AS name, e.job_title AS "jobTitle",
      (SELECT count(*) FROM employee_training t WHERE t.company_id = $1 AND t.employee_id = e.id AND t.status IN ('Requested', 'Planned'))::int AS "openTrainings",
      (SELECT count(*) FROM project_task k WHERE k.company_id = $1 AND k.owner_id = e.id AND k.status NOT IN ('Completed', 'Cancelled'))::int AS "openTasks"
    FROM employee e WHERE e.company_id = $1 AND (e.supervisor_id = $2 OR e.acting_supervisor_id = $2) AND e.status = 'Active'
    ORDER BY e.last_name, e.first_name, e.id`;
  return reportPage(ctx, sql, [ctx.companyId, callerOf(ctx)], input);
};

/**
 * GET dashboard-item/required-actions: how many things wait for the caller, by kind, in one statement. My tasks are
 * every task waiting for the caller, of each module the company has switched on (`parts`): the project tasks they own
 * that are not done, the audit tasks waiting for their decision (approvals, management responses, receipts), and
 * their performance work: scorecards of their reports to approve, their own approved scorecards to accept, agreements
 * and assessments waiting for their step (as the review queues list them), open months without their progress, the
 * annual plans of strategy execution they are the approver of, still to accept, and its initiative reviews waiting for
 * them, the compliance submissions sent to them to process and those their teams are to start or continue, the
 * committee resolutions they are responsible for, and the 360-degree and organisational surveys they are to answer.
 * Then their open milestones, mitigation strategies in progress, their own trainings and their reportees' requests.
 */
export const requiredActions: CommandHook = async (ctx) => {
  const [others] = await ctx.tx.query<Record<string, number>>(
    `SELECT
      (SELECT count(*) FROM milestone WHERE company_id = $1 AND owner_id = $2 AND status NOT IN ('Completed', 'Cancelled'))::int AS "myMilestones",
      (SELECT count(*) FROM mitigation_strategy WHERE company_id = $1 AND owner_id = $2 AND status = 'In Progress')::int AS "myMitigationStrategies",
      (SELECT count(*) FROM employee_training WHERE company_id = $1 AND employee_id = $2 AND status IN ('Requested', 'Planned'))::int AS "myTrainings",
      (SELECT count(*) FROM employee_training t JOIN employee e ON e.company_id = t.company_id AND e.id = t.employee_id
        WHERE t.company_id = $1 AND t.status = 'Requested' AND (e.supervisor_id = $2 OR e.acting_supervisor_id = $2))::int AS "subordinateTrainingRequests"`,
    [ctx.companyId, callerOf(ctx)],
  );
  // My tasks are My inbox's kinds, counted by its one statement (engine/inbox), of the modules the company has on
  const inbox = await inboxCounts(ctx);
  const due = await monthDue(ctx);
  const parts = TASK_PARTS.filter((p) => ctx.actor.enabledModules.has(p.module)).map((p) => ({
    kind: p.kind,
    count: p.of.reduce((sum, kind) => sum + (inbox[kind] ?? 0), 0),
    // the monthly progress link opens the plan and month the count is about, not whichever plan the screen would pick
    ...(p.kind === 'monthlyProgressDue' && due && { query: due }),
  }));
  const myTasks = { kind: 'myTasks', count: parts.reduce((sum, p) => sum + p.count, 0), parts };
  return { list: [myTasks, ...Object.entries(others!).map(([kind, count]) => ({ kind, count }))] };
};

/** The month whose progress the caller owes first (month-owed.ts), the current plan's before another's; null when none is owed. */
async function monthDue(ctx: CallContext): Promise<{ annualPlanId: number; periodId: number } | null> {
  const [month] = await ctx.tx.query<{ annualPlanId: number; periodId: number }>(
    `SELECT p.annual_plan_id AS "annualPlanId", p.id AS "periodId" FROM monthly_progress_period p WHERE ${monthOwedWhere('p', '$2')}
      ORDER BY (p.annual_plan_id = ${currentPlan()}) DESC, p.start_date, p.id LIMIT 1`,
    [ctx.companyId, callerOf(ctx)],
  );
  return month ? { annualPlanId: Number(month.annualPlanId), periodId: Number(month.periodId) } : null;
}

/** The kinds of task that make up My tasks, each the sum of My inbox's kinds `of`, counted while its module is switched on. */
const TASK_PARTS = [
  { kind: 'projectTasks', module: 'projects', of: ['projectTasks'] },
  { kind: 'auditTasks', module: 'audit-management', of: ['auditApprovals', 'managementResponsesDue'] },
  { kind: 'scorecardsToApprove', module: 'performance', of: ['scorecardsToApprove'] },
  { kind: 'scorecardsToAccept', module: 'performance', of: ['scorecardsToAccept'] },
  { kind: 'agreementsWaiting', module: 'performance', of: ['agreementsWaiting'] },
  { kind: 'assessmentsWaiting', module: 'performance', of: ['assessmentsWaiting'] },
  { kind: 'monthlyProgressDue', module: 'performance', of: ['monthlyProgressDue'] },
  { kind: 'reportsMonthlyProgressDue', module: 'performance', of: ['reportsMonthlyProgressDue'] },
  { kind: 'qaReviews', module: 'performance', of: ['qaScorecardsToReview', 'qaAssessmentsToReview'] },
  { kind: 'executionPlansToAccept', module: 'strategy-execution', of: ['executionPlansToAccept'] },
  { kind: 'submissionsToProcess', module: 'compliance-management', of: ['submissionsToProcess'] },
  {
    kind: 'complianceRequiredActions',
    module: 'compliance-management',
    of: ['complianceSubmissionsToStart', 'complianceSubmissionsToContinue'],
  },
  { kind: 'resolutionsToComplete', module: 'actions-tracker', of: ['resolutionsToComplete'] },
  {
    kind: 'executionReviews',
    module: 'strategy-execution',
    of: ['performanceReviewsToAccept', 'performanceReviewsToSubmit'],
  },
  { kind: 'surveyReviewsToAnswer', module: 'degree-360', of: ['surveyReviewsToAnswer'] },
  { kind: 'organizationalSurveysToAnswer', module: 'organizational-survey', of: ['organizationalSurveysToAnswer'] },
] as const;

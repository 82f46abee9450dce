import type { Row } from '../../db/db.ts';
import type { CommandHook } from '../hook-registry.ts';
import { reportPage } from './report-page.ts';

const projectOf = (input: Record<string, unknown>) => (input.projectId === undefined ? null : Number(input.projectId));
const MONEY = (alias: string) =>
  `coalesce(${alias}.estimated_cost, 0)::float8 AS "estimatedCost", coalesce(${alias}.budget_spent, 0)::float8 AS "budgetSpent", ${alias}.remaining::float8 AS remaining`;

/**
 * GET project/detail-report[?projectId=]: per project (a page of them), the project with its completed and not yet
 * completed milestones (completedMilestone, inCompletedMilestone), each with its tasks counted. Two statements in all.
 */
export const detailReport: CommandHook = async (ctx, _entity, input) => {
  const projects = await reportPage(
    ctx,
    `SELECT p.id, p.name, p.status, p.manager_id AS "managerId", p.start_date::text AS "startDate", p.end_date::text AS "endDate", p.completion, ${MONEY('p')}
       FROM project p WHERE p.company_id = $1 AND ($2::bigint IS NULL OR p.id = $2) ORDER BY p.name, p.id`,
    [ctx.companyId, projectOf(input)],
    input,
  );
  const ids = projects.list.map((p) => p.id);
  const milestones = ids.length
    ? await ctx.tx.query<Row>(
        `SELECT m.id, m.project_id AS "projectId", m.name, m.status, m.owner_id AS "ownerId", m.start_date::text AS "startDate", m.end_date::text AS "endDate", m.completion, ${MONEY('m')},
                count(t.id)::int AS tasks, count(t.id) FILTER (WHERE t.status = 'Completed')::int AS "completedTasks"
           FROM milestone m LEFT JOIN project_task t ON t.company_id = m.company_id AND t.milestone_id = m.id
          WHERE m.company_id = $1 AND m.project_id = ANY($2::bigint[]) GROUP BY m.company_id, m.id ORDER BY m.start_date NULLS LAST, m.id`,
        [ctx.companyId, ids],
      )
    : [];
  const list = projects.list.map((project) => {
    const own = milestones.filter((m) => m.projectId === project.id);
    return {
      project,
      completedMilestone: own.filter((m) => m.status === 'Completed'),
      inCompletedMilestone: own.filter((m) => m.status !== 'Completed'),
    };
  });
  return { ...projects, list };
};

/** GET project/summary-report[?projectId=]: one row per project: milestones, tasks and open risks counted, money summed, in one statement. */
export const summaryReport: CommandHook = async (ctx, _entity, input) => {
  const sql = `SELECT p.id, p.name, p.status, p.completion, ${MONEY('p')},
      coalesce(m.n, 0)::int AS milestones, coalesce(m.done, 0)::int AS "completedMilestones",
      coalesce(t.n, 0)::int AS tasks, coalesce(t.done, 0)::int AS "completedTasks",
      coalesce(t.cost, 0)::float8 AS "tasksEstimatedCost", coalesce(t.spent, 0)::float8 AS "tasksBudgetSpent",
      coalesce(r.open, 0)::int AS "openRisks"
    FROM project p
    LEFT JOIN (SELECT project_id, count(*) AS n, count(*) FILTER (WHERE status = 'Completed') AS done FROM milestone WHERE company_id = $1 GROUP BY project_id) m ON m.project_id = p.id
    LEFT JOIN (SELECT project_id, count(*) AS n, count(*) FILTER (WHERE status = 'Completed') AS done, sum(estimated_cost) AS cost, sum(budget_spent) AS spent
                 FROM project_task WHERE company_id = $1 GROUP BY project_id) t ON t.project_id = p.id
    LEFT JOIN (SELECT project_id, count(*) FILTER (WHERE implementation_status <> 'Implemented') AS open FROM project_risk WHERE company_id = $1 GROUP BY project_id) r ON r.project_id = p.id
    WHERE p.company_id = $1 AND ($2::bigint IS NULL OR p.id = $2) ORDER BY p.name, p.id`;
  return reportPage(ctx, sql, [ctx.companyId, projectOf(input)], input);
};

/** The progress reports: each one grouping statement over the company's (or one project's) records. */
const PROGRESS: Record<string, string> = {
  tasks: `SELECT p.id, p.name, count(t.id)::int AS total,
      count(t.id) FILTER (WHERE t.status = 'Not Started')::int AS "notStarted", count(t.id) FILTER (WHERE t.status = 'In Progress')::int AS "inProgress",
      count(t.id) FILTER (WHERE t.status = 'On Hold')::int AS "onHold", count(t.id) FILTER (WHERE t.status = 'Completed')::int AS completed,
      count(t.id) FILTER (WHERE t.status NOT IN ('Completed', 'Cancelled') AND t.end_date < current_date)::int AS overdue,
      round(avg(t.completion))::int AS percent
    FROM project p LEFT JOIN project_task t ON t.company_id = p.company_id AND t.project_id = p.id
    WHERE p.company_id = $1 AND ($2::bigint IS NULL OR p.id = $2) GROUP BY p.id, p.name ORDER BY p.name, p.id`,
  risks: `SELECT r.rating AS id, r.rating AS name, count(*)::int AS total,
      count(*) FILTER (WHERE r.implementation_status = 'Not Started')::int AS "notStarted", count(*) FILTER (WHERE r.implementation_status = 'In Progress')::int AS "inProgress",
      count(*) FILTER (WHERE r.implementation_status = 'Implemented')::int AS implemented
    FROM project_risk r WHERE r.company_id = $1 AND ($2::bigint IS NULL OR r.project_id = $2)
    GROUP BY r.rating ORDER BY array_position(ARRAY['Extreme', 'High', 'Moderate', 'Low'], r.rating)`,
  'mitigation-strategies': `SELECT r.rating AS id, r.rating AS name, count(s.id)::int AS total,
      count(s.id) FILTER (WHERE s.status = 'In Progress')::int AS "inProgress", count(s.id) FILTER (WHERE s.status = 'Complete')::int AS complete,
      count(s.id) FILTER (WHERE s.status = 'In Progress' AND s.due_date < current_date)::int AS overdue
    FROM mitigation_strategy s JOIN project_risk r ON r.company_id = s.company_id AND r.id = s.project_risk_id
    WHERE s.company_id = $1 AND ($2::bigint IS NULL OR r.project_id = $2)
    GROUP BY r.rating ORDER BY array_position(ARRAY['Extreme', 'High', 'Moderate', 'Low'], r.rating)`,
  'completed-tasks': `SELECT t.id, t.name, p.name AS project, m.name AS milestone, t.owner_id AS "ownerId", t.completion_date::text AS "completionDate", ${MONEY('t')}
    FROM project_task t JOIN milestone m ON m.company_id = t.company_id AND m.id = t.milestone_id JOIN project p ON p.company_id = t.company_id AND p.id = t.project_id
    WHERE t.company_id = $1 AND t.status = 'Completed' AND ($2::bigint IS NULL OR t.project_id = $2) ORDER BY t.completion_date DESC NULLS LAST, t.id`,
  'completed-risks': `SELECT r.id, r.name, p.name AS project, r.rating, count(s.id)::int AS "mitigationStrategies"
    FROM project_risk r JOIN project p ON p.company_id = r.company_id AND p.id = r.project_id
    LEFT JOIN mitigation_strategy s ON s.company_id = r.company_id AND s.project_risk_id = r.id
    WHERE r.company_id = $1 AND r.implementation_status = 'Implemented' AND ($2::bigint IS NULL OR r.project_id = $2) GROUP BY r.company_id, r.id, p.name ORDER BY p.name, r.name`,
};

/** GET project/progress-report?of=tasks|risks|mitigation-strategies|completed-tasks|completed-risks[&projectId=]. */
export const progressReport: CommandHook = async (ctx, _entity, input) => {
  const of = String(input.of);
  return { of, ...(await reportPage(ctx, PROGRESS[of]!, [ctx.companyId, projectOf(input)], input)) };
};

/** GET project/by-employee: one row per employee linked to a project or owning a task: projects, tasks, open tasks. */
export const employeeProjects: CommandHook = async (ctx, _entity, input) => {
  const sql = `SELECT e.id, trim(concat_ws(' ', e.first_name, e.last_name)) AS name,
      coalesce(pe.n, 0)::int AS projects, coalesce(t.n, 0)::int AS tasks, coalesce(t.open, 0)::int AS "openTasks"
    FROM employee e
    LEFT JOIN (SELECT employee_id, count(*) AS n FROM project_employee WHERE company_id = $1 GROUP BY employee_id) pe ON pe.employee_id = e.id
    LEFT JOIN (SELECT owner_id, count(*) AS n, count(*) FILTER (WHERE status NOT IN ('Completed', 'Cancelled')) AS open FROM project_task WHERE company_id = $1 GROUP BY owner_id) t ON t.owner_id = e.id
    WHERE e.company_id = $1 AND (pe.n IS NOT NULL OR t.n IS NOT NULL) AND ($2::bigint IS NULL OR EXISTS (SELECT 1 FROM project_employee x WHERE x.company_id = $1 AND x.employee_id = e.id AND x.project_id = $2))
    ORDER BY e.last_name, e.first_name, e.id`;
  return reportPage(ctx, sql, [ctx.companyId, projectOf(input)], input);
};

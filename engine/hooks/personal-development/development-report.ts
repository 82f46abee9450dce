import { recordRoleWhere } from '../../access/record-role-sql.ts';
import { validateInput } from '../../records/record-validator.ts';
import type { CommandHook } from '../hook-registry.ts';
import { PAGE_PROPERTIES, reportPage } from '../projects/report-page.ts';

const INPUT = {
  type: 'object',
  additionalProperties: false,
  properties: { annualTrainingPlanId: { type: 'string', pattern: '^[0-9]+$' }, ...PAGE_PROPERTIES },
};

/**
 * GET employee-training/report[?annualTrainingPlanId=]: one row per employee with trainings, fullName from firstName
 * and lastName, and the trainings counted by status, aggregated in SQL.
 */
export const developmentReport: CommandHook = async (ctx, entity, input) => {
  validateInput(INPUT, input);
  const planId = input.annualTrainingPlanId === undefined ? null : Number(input.annualTrainingPlanId);
  const params: unknown[] = [ctx.companyId, planId];
  // the report counts only the trainings the caller may read (their own and their reports'), not every colleague's
  const reach = recordRoleWhere(
    ctx,
    entity,
    (value) => {
      params.push(value);
      return `$${params.length}`;
    },
    't',
  );
  const sql = `SELECT e.id, e.first_name AS "firstName", e.last_name AS "lastName", trim(concat_ws(' ', e.first_name, e.last_name)) AS "fullName",
      count(*) FILTER (WHERE t.status = 'Requested')::int AS requested, count(*) FILTER (WHERE t.status = 'Planned')::int AS planned,
      count(*) FILTER (WHERE t.status = 'Completed')::int AS completed, count(*) FILTER (WHERE t.status = 'Removed')::int AS removed
    FROM employee_training t JOIN employee e ON e.company_id = t.company_id AND e.id = t.employee_id
    WHERE t.company_id = $1 AND ($2::bigint IS NULL OR t.annual_training_plan_id = $2)${reach ? ` AND ${reach}` : ''}
    GROUP BY e.id, e.first_name, e.last_name ORDER BY e.last_name, e.first_name, e.id`;
  return reportPage(ctx, sql, params, input);
};

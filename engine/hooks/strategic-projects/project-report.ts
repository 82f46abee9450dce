import { validateInput } from '../../records/record-validator.ts';
import { reportPage } from '../strategy-execution/execution-report.ts';
import type { CommandHook } from '../hook-registry.ts';

const INPUT = {
  type: 'object',
  additionalProperties: false,
  properties: {
    by: { enum: ['type', 'pillar'] },
    projectPlanId: { type: 'string', pattern: '^[0-9]+$' },
    limit: { type: 'string', pattern: '^[0-9]+$' },
    offset: { type: 'string', pattern: '^[0-9]+$' },
  },
};

/** GET strategic-project/report[?by=type|pillar][&projectPlanId=]: projects counted, costed and averaged by execution type or by pillar, in SQL. */
export const report: CommandHook = async (ctx, _entity, input) => {
  validateInput(INPUT, input);
  const by = (input.by as string | undefined) ?? 'type';
  const planId = input.projectPlanId === undefined ? null : Number(input.projectPlanId);
  const figures = `count(*)::int AS projects, coalesce(sum(sp.estimated_cost), 0)::float8 AS "estimatedCost", coalesce(sum(sp.budget_spent), 0)::float8 AS "budgetSpent",
    round(avg(sp.progress))::int AS percent, coalesce(sum(r.n), 0)::int AS "openRisks"`;
  // open risks counted per project once, then summed per group
  const risks = `LEFT JOIN (SELECT strategic_project_id, count(*) AS n FROM strategic_project_risk WHERE company_id = $1 AND status = 'In Progress' GROUP BY strategic_project_id) r ON r.strategic_project_id = sp.id`;
  const where = `sp.company_id = $1 AND ($2::bigint IS NULL OR sp.project_plan_id = $2)`;
  const sql =
    by === 'type'
      ? `SELECT sp.type AS id, sp.type AS name, ${figures} FROM strategic_project sp ${risks} WHERE ${where} GROUP BY sp.type ORDER BY sp.type`
      : `SELECT pp.id, coalesce(pp.name, '') AS name, ${figures} FROM strategic_project sp LEFT JOIN project_pillar pp ON pp.company_id = sp.company_id AND pp.id = sp.project_pillar_id ${risks}
          WHERE ${where} GROUP BY pp.id, pp.name ORDER BY pp.name NULLS LAST`;
  return { by, ...(await reportPage(ctx, sql, [ctx.companyId, planId], input)) };
};

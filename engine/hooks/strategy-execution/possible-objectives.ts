import { validateInput } from '../../records/record-validator.ts';
import { notFound } from '../../records/record-store.ts';
import type { CommandHook } from '../hook-registry.ts';
import { reportPage } from './execution-report.ts';

const INPUT = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', pattern: '^[0-9]+$' },
    limit: { type: 'string', pattern: '^[0-9]+$' },
    offset: { type: 'string', pattern: '^[0-9]+$' },
  },
};

/**
 * GET execution-plan/possible-objectives?id=: the pillar objectives of the annual plan's strategic plan that the plan
 * has not adopted yet (as annual objectives), a page at a time, by pillar.
 */
export const possibleObjectives: CommandHook = async (ctx, _entity, input) => {
  validateInput(INPUT, input);
  const [plan] = await ctx.tx.query<{ strategicPlanId: number }>(
    `SELECT strategic_plan_id AS "strategicPlanId" FROM execution_plan WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, input.id],
  );
  if (!plan) throw notFound(ctx.registry.entity('execution-plan'), input.id);
  const sql = `SELECT o.id, o.name, o.pillar_id AS "pillarId", p.name AS "pillarName", o.weight::float8 AS weight
      FROM pillar_objective o JOIN strategic_pillar p ON p.company_id = o.company_id AND p.id = o.pillar_id
     WHERE o.company_id = $1 AND o.strategic_plan_id = $2
       AND NOT EXISTS (SELECT 1 FROM annual_objective a WHERE a.company_id = o.company_id AND a.execution_plan_id = $3 AND a.pillar_objective_id = o.id)
     ORDER BY p.name, o.name, o.id`;
  const page = await reportPage(ctx, sql, [ctx.companyId, plan.strategicPlanId, Number(input.id)], input);
  return { ...page, list: page.list.map(({ colour: _c, ...o }) => o) };
};

import { notFound } from '../../records/record-store.ts';
import type { CallContext } from '../../records/call-context.ts';
import { validateInput } from '../../records/record-validator.ts';
import type { CommandHook } from '../hook-registry.ts';
import { bandsFromTargets, DEFAULT_BAND_TARGETS, ratingPercent } from '../performance/scoring.ts';
import { strategyMapGraph, type Band } from './strategy-map-graph.ts';

const INPUT = {
  type: 'object',
  required: ['strategicPlanId'],
  properties: { strategicPlanId: { type: 'string', pattern: '^[0-9]+$' } },
};

/** The plan's rating scale as bands with their colours: from its five targets, else its own min and max, else the default targets. */
export async function planBands(ctx: CallContext, strategicPlanId: number): Promise<Band[]> {
  const scale = await ctx.tx.query<{
    rating: number;
    target: number | null;
    min: number | null;
    max: number | null;
    colour: string | null;
  }>(
    `SELECT rating, target::float8 AS target, min::float8 AS min, max::float8 AS max, color_value AS colour FROM rating_scale WHERE company_id = $1 AND strategic_plan_id = $2 ORDER BY rating`,
    [ctx.companyId, strategicPlanId],
  );
  const colourOf = (rating: number) => scale.find((s) => s.rating === rating)?.colour ?? null;
  if (scale.length === 5 && scale.every((s) => s.target !== null)) {
    try {
      return bandsFromTargets(scale.map((s) => s.target!)).map((b) => ({ ...b, colour: colourOf(b.rating) }));
    } catch {
      // targets out of order: fall through to the scale's own bounds, or the default
    }
  }
  if (scale.length && scale.every((s) => s.min !== null && s.max !== null))
    return scale.map((s) => ({ rating: s.rating, min: s.min!, max: s.max!, colour: s.colour }));
  return bandsFromTargets([...DEFAULT_BAND_TARGETS]);
}

/**
 * GET pillar-objective/map?strategicPlanId=: the strategy map of one plan. An objective scores by the mean percent
 * of its measures (actual against target) and of its initiatives' latest accepted performance reviews; a fixed
 * number of queries whatever the plan's size.
 */
export const map: CommandHook = async (ctx, _entity, input) => {
  validateInput(INPUT, input);
  const planId = Number(input.strategicPlanId);
  const args = [ctx.companyId, planId];
  const [[plan], perspectives, pillars, objectives, links, measures, reviews, bands] = await Promise.all([
    ctx.tx.query<{ id: number; description: string }>(
      `SELECT id, description FROM strategic_plan WHERE company_id = $1 AND id = $2`,
      args,
    ),
    ctx.tx.query<{ id: number; name: string }>(
      `SELECT id, name FROM perspective WHERE company_id = $1 AND strategic_plan_id = $2 ORDER BY name, id`,
      args,
    ),
    ctx.tx.query<{ id: number; name: string; perspectiveId: number | null }>(
      `SELECT id, name, perspective_id AS "perspectiveId" FROM strategic_pillar WHERE company_id = $1 AND strategic_plan_id = $2 ORDER BY name, id`,
      args,
    ),
    ctx.tx.query<{ id: number; name: string; pillarId: number; perspectiveId: number | null }>(
      `SELECT id, name, pillar_id AS "pillarId", perspective_id AS "perspectiveId" FROM pillar_objective WHERE company_id = $1 AND strategic_plan_id = $2 ORDER BY name, id`,
      args,
    ),
    ctx.tx.query<{ id: number; causeObjectiveId: number; effectObjectiveId: number; description: string | null }>(
      `SELECT id, cause_objective_id AS "causeObjectiveId", effect_objective_id AS "effectObjectiveId", description FROM objective_link WHERE company_id = $1 AND strategic_plan_id = $2 ORDER BY id`,
      args,
    ),
    ctx.tx.query<{ objectiveId: number; actual: number; target: number; optionType: string }>(
      `SELECT pillar_objective_id AS "objectiveId", actual::float8 AS actual, target::float8 AS target, option_type AS "optionType" FROM measure
        WHERE company_id = $1 AND strategic_plan_id = $2 AND actual IS NOT NULL AND target IS NOT NULL`,
      args,
    ),
    // each initiative's latest accepted review (by its cycle's end), under the annual objectives adopted from this plan's objectives
    ctx.tx.query<{ objectiveId: number; percent: number }>(
      `SELECT DISTINCT ON (pr.annual_initiative_id) ao.pillar_objective_id AS "objectiveId", pr.percent::float8 AS percent
         FROM performance_review pr
         JOIN performance_review_cycle c ON c.company_id = pr.company_id AND c.id = pr.performance_review_cycle_id
         JOIN annual_initiative ai ON ai.company_id = pr.company_id AND ai.id = pr.annual_initiative_id
         JOIN annual_objective ao ON ao.company_id = ai.company_id AND ao.id = ai.annual_objective_id
         JOIN execution_plan ep ON ep.company_id = ao.company_id AND ep.id = ao.execution_plan_id
        WHERE pr.company_id = $1 AND ep.strategic_plan_id = $2 AND pr.status = 'Accepted' AND pr.percent IS NOT NULL AND ao.pillar_objective_id IS NOT NULL
        ORDER BY pr.annual_initiative_id, c.end_date DESC, pr.id DESC`,
      args,
    ),
    planBands(ctx, planId),
  ]);
  if (!plan) throw notFound(ctx.registry.entity('strategic-plan'), planId);
  const percents = new Map<number, number[]>();
  const add = (id: number, p: number) => percents.set(id, [...(percents.get(id) ?? []), p]);
  for (const m of measures) add(m.objectiveId, ratingPercent(m.actual, m.target, m.optionType));
  for (const r of reviews) add(r.objectiveId, r.percent);
  const graph = strategyMapGraph({
    perspectives,
    pillars,
    objectives: objectives.map((o) => ({ ...o, percents: percents.get(o.id) ?? [] })),
    links,
    bands,
  });
  return { plan, bands, ...graph };
};

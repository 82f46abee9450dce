import { integer, listOf, number, object, oneOfValues, orNull, text } from '../schema-shapes.ts';
import type { ContractSet } from './command-contract.ts';

const paging = {
  limit: { schema: { type: 'integer', minimum: 1, maximum: 500, default: 100 } },
  offset: { schema: { type: 'integer', minimum: 0, default: 0 } },
};
const colour = orNull(oneOfValues('danger', 'warning', 'success'));
const percent = orNull(integer);
/** The figures every strategy-execution grouping has: initiatives, their reviews, the accepted ones, the mean accepted percent and its colour. */
const figures = { initiatives: integer, reviews: integer, accepted: integer, percent, colour };
const paged = (by: string, row: Record<string, unknown>) =>
  object({ by: { const: by }, list: listOf(object(row as never)), total: integer, limit: integer, offset: integer });
const band = object({ rating: integer, min: number, max: number, target: number, colour: orNull(text) }, [
  'target',
  'colour',
]);

/** Strategy management, strategy execution and strategic projects (engine/hooks/strategy-management, strategy-execution, strategic-projects). */
export const strategyContracts: ContractSet = (records) => ({
  'strategy.map': {
    description:
      'The strategy map of one plan: perspectives, pillars and objectives, each scored and coloured by its band, and the cause-and-effect links.',
    query: { strategicPlanId: { schema: { type: 'integer', minimum: 1, 'x-ref': 'strategic-plan' }, required: true } },
    reply: object({
      plan: object({ id: integer, description: records.field('strategic-plan', 'description') }),
      bands: listOf(band),
      nodes: listOf(
        object({
          key: { type: 'string', description: 'unique across kinds: objective:12' },
          kind: oneOfValues('perspective', 'pillar', 'objective'),
          id: integer,
          name: text,
          percent: orNull(number),
          score: orNull(integer),
          progress: colour,
          colour: text,
        }),
      ),
      edges: listOf(
        object({ source: text, target: text, kind: oneOfValues('contains', 'causes'), description: orNull(text) }, [
          'description',
        ]),
      ),
    }),
  },
  'execution.report': {
    description: 'One of the seven strategy-execution reports (by), aggregated in SQL, a page at a time.',
    query: {
      by: {
        schema: {
          enum: ['annual-plans', 'business-units', 'objectives', 'initiatives', 'performance-reviews', 'all', 'annual'],
        },
        required: true,
      },
      executionPlanId: { schema: { type: 'integer', minimum: 1, 'x-ref': 'execution-plan' } },
      ...paging,
    },
    reply: {
      oneOf: [
        paged('annual-plans', {
          id: integer,
          name: text,
          status: records.field('execution-plan', 'status'),
          ...figures,
        }),
        paged('business-units', { id: integer, name: text, ...figures }),
        paged('objectives', { id: integer, name: text, ...figures }),
        paged('initiatives', {
          id: integer,
          name: text,
          businessUnitId: orNull(integer),
          quarterIndex: orNull(integer),
          ...figures,
        }),
        paged('annual', { id: integer, name: text, quarterIndex: orNull(integer), ...figures }),
        paged('performance-reviews', {
          id: integer,
          name: text,
          reviews: integer,
          draft: integer,
          submitted: integer,
          accepted: integer,
          percent,
          colour,
        }),
        paged('all', {
          id: integer,
          name: text,
          cycle: text,
          businessUnitId: orNull(integer),
          target: orNull(number),
          actual: orNull(number),
          status: records.field('performance-review', 'status'),
          percent: orNull(number),
          colour,
        }),
      ],
    },
  },
  'execution.agencyReport': {
    description:
      'Each business unit (agency) with its initiatives’ figures and the rating of its latest agency performance review.',
    query: { executionPlanId: { schema: { type: 'integer', minimum: 1, 'x-ref': 'execution-plan' } }, ...paging },
    reply: object({
      list: listOf(object({ id: integer, name: text, ...figures, rating: orNull(text), comment: orNull(text) })),
      total: integer,
      limit: integer,
      offset: integer,
    }),
  },
  'execution.possibleObjectives': {
    description: 'The pillar objectives of the plan’s strategic plan it has not adopted yet, by pillar.',
    query: {
      id: {
        schema: { type: 'integer', minimum: 1, 'x-ref': 'execution-plan' },
        required: true,
        description: 'the execution plan',
      },
      ...paging,
    },
    reply: object({
      list: listOf(object({ id: integer, name: text, pillarId: integer, pillarName: text, weight: orNull(number) })),
      total: integer,
      limit: integer,
      offset: integer,
    }),
  },
  'projects.report': {
    description: 'Strategic projects counted, costed and averaged by execution type or by pillar.',
    query: {
      by: { schema: { enum: ['type', 'pillar'], default: 'type' } },
      projectPlanId: { schema: { type: 'integer', minimum: 1, 'x-ref': 'project-plan' } },
      ...paging,
    },
    reply: {
      oneOf: ['type', 'pillar'].map((by) =>
        paged(by, {
          id: by === 'type' ? records.field('strategic-project', 'type') : orNull(integer),
          name: text,
          projects: integer,
          estimatedCost: number,
          budgetSpent: number,
          percent,
          openRisks: integer,
          colour,
        }),
      ),
    },
  },
});

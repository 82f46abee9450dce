import { IMPACTS, LIKELIHOODS } from '../../hooks/risk-management/risk.ts';
import { integer, listOf, object, orNull, page, text } from '../schema-shapes.ts';
import type { ContractSet } from './command-contract.ts';

const kind = { schema: { enum: ['Strategic', 'Operational'] }, description: 'only the risks of this kind' };
const paging = {
  limit: { schema: { type: 'integer', minimum: 1, maximum: 500, default: 50 } },
  offset: { schema: { type: 'integer', minimum: 0, default: 0 } },
};
const colour = { enum: ['green', 'yellow', 'orange', 'red'] };
const impact = { enum: [...IMPACTS] };
const likelihood = { enum: [...LIKELIHOODS] };

/** Risk management: the company's matrix, the heat map and its cells, the detailed risks (engine/hooks/risk-management). */
export const riskManagementContracts: ContractSet = (records) => ({
  'risk.matrix': {
    description: 'The company’s 25 cells (set up from the default table on first use), by impact then likelihood.',
    reply: listOf(
      object({
        id: integer,
        version: integer,
        impact,
        likelihood,
        ratingScore: integer,
        riskRatingTypeId: integer,
        rating: text,
        level: records.field('risk-rating-type', 'level'),
        colour,
      }),
    ),
  },
  'risk.heatMap': {
    query: { kind },
    reply: object({
      impacts: { type: 'array', items: impact, description: 'in rank order' },
      likelihoods: { type: 'array', items: likelihood, description: 'in rank order' },
      cells: listOf(
        object({
          impact,
          likelihood,
          ratingScore: integer,
          rating: text,
          level: records.field('risk-rating-type', 'level'),
          colour,
          inherent: integer,
          residual: integer,
        }),
      ),
    }),
  },
  'risk.risksInCell': {
    query: {
      impact: { schema: impact, required: true },
      likelihood: { schema: likelihood, required: true },
      view: { schema: { enum: ['inherent', 'residual'], default: 'inherent' } },
      kind,
      ...paging,
    },
    reply: page(
      object({
        id: integer,
        name: text,
        kind: records.field('risk', 'kind'),
        impact: records.field('risk', 'impact'),
        likelihood: records.field('risk', 'likelihood'),
        ratingScore: records.field('risk', 'ratingScore'),
        rating: records.field('risk', 'rating'),
        residualImpact: orNull(impact),
        residualLikelihood: orNull(likelihood),
        residualRatingScore: orNull(integer),
        residualRating: orNull(text),
      }),
    ),
  },
  'risk.detailedRisks': {
    description:
      'A page of risks, any list filter, sort and paging of the risk list applying, each with its controls, residual rating, mitigations and their progress.',
    query: { kind, sort: { schema: text }, ...paging },
    reply: page(records.rowWithChildren('risk')),
  },
});

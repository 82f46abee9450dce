import { AppError } from '../../app-error.ts';
import type { CallContext } from '../../records/call-context.ts';
import { validateInput } from '../../records/record-validator.ts';
import type { CommandHook } from '../hook-registry.ts';
import { IMPACTS, LIKELIHOODS, riskColour } from './risk.ts';
import { companyRiskMatrix } from './company-risk-matrix.ts';
import { heatMapCells, type PairCount } from './heat-map-cells.ts';

const KINDS = ['Strategic', 'Operational'];
const kindOf = (input: Record<string, unknown>): string | null => {
  validateInput({ type: 'object', properties: { kind: { enum: KINDS } } }, { kind: input.kind });
  return (input.kind as string | undefined) ?? null;
};

/** Risks per matrix cell, inherent and residual, of one kind or of both: two grouped counts, whatever the number of risks. */
async function pairCounts(ctx: CallContext, kind: string | null): Promise<[PairCount[], PairCount[]]> {
  return Promise.all([
    ctx.tx.query<PairCount>(
      `SELECT impact, likelihood, count(*)::int AS n FROM risk WHERE company_id = $1 AND ($2::text IS NULL OR kind = $2) GROUP BY impact, likelihood`,
      [ctx.companyId, kind],
    ),
    ctx.tx.query<PairCount>(
      `SELECT rr.impact, rr.likelihood, count(*)::int AS n FROM residual_rating rr JOIN risk x ON x.company_id = rr.company_id AND x.id = rr.risk_id
        WHERE rr.company_id = $1 AND ($2::text IS NULL OR x.kind = $2) GROUP BY rr.impact, rr.likelihood`,
      [ctx.companyId, kind],
    ),
  ]);
}

/** GET risk/heat-map[?kind=]: the company's 5 × 5 matrix, each cell with its rating, colour and how many risks fall in it. */
export const heatMap: CommandHook = async (ctx, _entity, input) => {
  const kind = kindOf(input);
  const matrix = await companyRiskMatrix(ctx);
  const [inherent, residual] = await pairCounts(ctx, kind);
  return { impacts: IMPACTS, likelihoods: LIKELIHOODS, cells: heatMapCells(matrix, inherent, residual) };
};

const CELL_INPUT = {
  type: 'object',
  required: ['impact', 'likelihood'],
  additionalProperties: false,
  properties: {
    impact: { enum: [...IMPACTS] },
    likelihood: { enum: [...LIKELIHOODS] },
    view: { enum: ['inherent', 'residual'] },
    kind: { enum: KINDS },
    limit: { type: 'string', pattern: '^[0-9]+$' },
    offset: { type: 'string', pattern: '^[0-9]+$' },
  },
};

/**
 * GET risk/in-cell?impact=&likelihood=[&view=residual][&kind=]: the risks of one heat-map cell, a page at a time, by
 * their inherent rating (default) or by their residual rating.
 */
export const risksInCell: CommandHook = async (ctx, _entity, input) => {
  validateInput(CELL_INPUT, input);
  const limit = Math.min(Number(input.limit ?? 50), 500);
  const offset = Number(input.offset ?? 0);
  if (limit < 1) throw new AppError('bad_request', 'limit must be at least 1');
  const residual = input.view === 'residual';
  const pair = residual ? 'rr' : 'x';
  const where = `x.company_id = $1 AND ${pair}.impact = $2 AND ${pair}.likelihood = $3 AND ($4::text IS NULL OR x.kind = $4)`;
  const from = `risk x ${residual ? 'JOIN' : 'LEFT JOIN'} residual_rating rr ON rr.company_id = x.company_id AND rr.risk_id = x.id`;
  const params = [ctx.companyId, input.impact, input.likelihood, input.kind ?? null];
  const [list, [{ n }]] = await Promise.all([
    ctx.tx.query(
      `SELECT x.id, x.name, x.kind, x.impact, x.likelihood, x.rating_score AS "ratingScore", x.rating,
              rr.impact AS "residualImpact", rr.likelihood AS "residualLikelihood", rr.rating_score AS "residualRatingScore", rr.rating AS "residualRating"
         FROM ${from} WHERE ${where} ORDER BY x.name, x.id LIMIT ${limit} OFFSET ${offset}`,
      params,
      { prepare: false },
    ),
    ctx.tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`, params),
  ]);
  return { list, total: n, limit, offset };
};

/** GET risk-rating/matrix: the company's matrix (set up from the default table on first use), every cell with its rating and colour level. */
export const matrix: CommandHook = async (ctx) =>
  (await companyRiskMatrix(ctx)).map((c) => ({ ...c, colour: riskColour(c.level) }));

import { AppError } from '../../app-error.ts';
import { wordedProblem } from '../../records/record-validator.ts';
import { text } from '../../i18n/text.ts';
import { optionLabel } from '../../i18n/message-words.ts';
import type { CallContext } from '../../records/call-context.ts';
import { addRecords } from '../../records/bulk-writes.ts';
import { addRecord } from '../../records/record-store.ts';
import { defaultRiskTable, IMPACTS, LIKELIHOODS, riskRating, type RiskTableEntry } from './risk.ts';

/** A cell of a company's risk matrix as stored: the pair, its score, and the rating type it gives (name and colour level). */
export interface MatrixCell extends RiskTableEntry {
  id: number;
  version: number;
  riskRatingTypeId: number;
  level: string;
}

// One matrix per call: a bulk add of many risks reads it once, not once per row.
const perCall = new WeakMap<CallContext, Promise<MatrixCell[]>>();

const seeding = new WeakSet<CallContext>();

/** Whether the call is setting up its company's matrix (nothing is rated yet, so nothing needs re-rating). */
export const seedingMatrix = (ctx: CallContext): boolean => seeding.has(ctx);

/** Forgets the call's matrix after a cell or a rating type changed. */
export const forgetMatrix = (ctx: CallContext): void => void perCall.delete(ctx);

/** The company's risk matrix, set up from defaultRiskTable() the first time the company needs it. */
export function companyRiskMatrix(ctx: CallContext): Promise<MatrixCell[]> {
  let matrix = perCall.get(ctx);
  if (!matrix) {
    matrix = loadOrSeed(ctx);
    perCall.set(ctx, matrix);
    matrix.catch(() => perCall.delete(ctx));
  }
  return matrix;
}

/** The advisory-lock class of "setting up a company's risk matrix" (the second key is the company). */
const MATRIX_LOCK = 7201;

const rank = (c: { impact: string; likelihood: string }) =>
  IMPACTS.indexOf(c.impact as never) * 10 + LIKELIHOODS.indexOf(c.likelihood as never);

async function readMatrix(ctx: CallContext): Promise<MatrixCell[]> {
  const rows = await ctx.tx.query<MatrixCell>(
    `SELECT r.id, r.version, r.impact, r.likelihood, r.rating_score AS "ratingScore", r.risk_rating_type_id AS "riskRatingTypeId", t.name AS rating, t.level
       FROM risk_rating r JOIN risk_rating_type t ON t.company_id = r.company_id AND t.id = r.risk_rating_type_id
      WHERE r.company_id = $1`,
    [ctx.companyId],
  );
  return rows.sort((a, b) => rank(a) - rank(b));
}

async function loadOrSeed(ctx: CallContext): Promise<MatrixCell[]> {
  const stored = await readMatrix(ctx);
  if (stored.length) return stored;
  // Two first uses at once: the second waits for the first's transaction, then finds its matrix.
  await ctx.tx.query(`SELECT pg_advisory_xact_lock($1, $2::int)`, [MATRIX_LOCK, ctx.companyId]);
  const meanwhile = await readMatrix(ctx);
  if (meanwhile.length) return meanwhile;
  // First use: the default table, its four levels as rating types (reusing ones the company already named so).
  const table = defaultRiskTable();
  const levels = [...new Set(table.map((e) => e.rating))];
  const types = new Map(
    (
      await ctx.tx.query<{ id: number; name: string }>(
        `SELECT id, name FROM risk_rating_type WHERE company_id = $1 AND name = ANY($2)`,
        [ctx.companyId, levels],
      )
    ).map((t) => [t.name, t.id]),
  );
  const cells = ctx.registry.entity('risk-rating');
  seeding.add(ctx);
  try {
    for (const level of levels)
      if (!types.has(level))
        types.set(
          level,
          (await addRecord(ctx, ctx.registry.entity('risk-rating-type'), { name: level, level }, { checked: true }))
            .id as number,
        );
    await addRecords(
      ctx,
      cells,
      table.map((e) => ({
        input: {
          impact: e.impact,
          likelihood: e.likelihood,
          ratingScore: e.ratingScore,
          riskRatingTypeId: types.get(e.rating),
        },
      })),
    );
  } finally {
    seeding.delete(ctx);
  }
  return readMatrix(ctx);
}

/** The rating of an impact/likelihood pair in the company's matrix; an unknown pair is a 422 that names it. */
export async function rateByMatrix(
  ctx: CallContext,
  impact: unknown,
  likelihood: unknown,
): Promise<{ ratingScore: number; rating: string }> {
  const matrix = await companyRiskMatrix(ctx);
  try {
    return riskRating(String(impact), String(likelihood), matrix);
  } catch {
    throw AppError.validation([
      wordedProblem(
        'impact',
        text('refusal.risk.noRating', { impact: optionLabel(impact), likelihood: optionLabel(likelihood) }),
      ),
    ]);
  }
}

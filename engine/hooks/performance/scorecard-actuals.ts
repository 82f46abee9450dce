import { AppError } from '../../app-error.ts';
import { text } from '../../i18n/text.ts';
import type { Row } from '../../db/db.ts';
import type { EntityDef } from '../../metadata/registry.ts';
import type { CallContext } from '../../records/call-context.ts';
import { applyUpdate, fetchOne, readRecord } from '../../records/record-store.ts';
import { fieldProblem, validateInput, wordedProblem } from '../../records/record-validator.ts';
import type { CommandHook } from '../hook-registry.ts';
import { assertMayRate, scorecardFor } from './scorecard-access.ts';
import { assertInOperationalPlan, assertInWindow } from './quarter-windows.ts';
import { assertScores, scorecardRatingRange } from './rating-range.ts';

/** The command's body (also the OpenAPI document's). */
export const UPDATE_ACTUALS_INPUT = {
  type: 'object',
  required: ['id', 'quarter', 'actuals'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1 },
    quarter: { type: 'integer', minimum: 0, maximum: 3, description: 'Q1..Q4 = 0..3' },
    actuals: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kpiId'],
        additionalProperties: false,
        properties: {
          kpiId: { type: 'integer', minimum: 1 },
          actual: { type: ['number', 'null'] },
          ytd: { type: ['number', 'null'] },
          manualRatingScore: {
            type: ['number', 'null'],
            minimum: 0,
            maximum: 6,
            description:
              'the rating of a KPI scored by hand (qualitative, or every KPI in manual mode): taken only from whoever may rate-kpis (the supervisor, a module admin)',
          },
        },
      },
    },
  },
};

/** The rate-kpis command's body (also the OpenAPI document's): one quarter's hand ratings, without actuals. */
export const RATE_KPIS_INPUT = {
  type: 'object',
  required: ['id', 'quarter', 'ratings'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1 },
    quarter: { type: 'integer', minimum: 0, maximum: 3, description: 'Q1..Q4 = 0..3' },
    ratings: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kpiId', 'manualRatingScore'],
        additionalProperties: false,
        properties: {
          kpiId: { type: 'integer', minimum: 1 },
          manualRatingScore: { type: ['number', 'null'], minimum: 0, maximum: 6 },
        },
      },
    },
  },
};

type Entry = {
  kpiId: number;
  actual?: number | null;
  ytd?: number | null;
  manualRatingScore?: number | null;
};

/**
 * Enters one quarter's actuals (actual1..4 for Q1..Q4) and hand ratings of a scorecard's KPIs, only inside that
 * quarter's assessment window (an operational scorecard's, inside its operational plan's dates); `actual` follows the
 * latest quarter that has one. The employee enters their actuals; a hand rating is a judgement, the supervisor's (as
 * in the assessment), so it is taken only from whoever may rate-kpis: the employee's own would count as the
 * supervisor's, and overwrite it.
 */
export const updateActuals: CommandHook = async (ctx, entity, input) => {
  validateInput(UPDATE_ACTUALS_INPUT, input);
  const scorecard = await scorecardFor(ctx, entity, input.id, 'update-actuals');
  const entries = input.actuals as Entry[];
  if (entries.some((e) => e.manualRatingScore !== undefined)) await assertMayRate(ctx, entity, scorecard);
  return enter(ctx, entity, scorecard, input.quarter as number, entries, 'actuals', 'update-actuals');
};

/** Enters one quarter's hand ratings of a scorecard's KPIs (the supervisor's or a module admin's), in its window. */
export const rateKpis: CommandHook = async (ctx, entity, input) => {
  validateInput(RATE_KPIS_INPUT, input);
  const scorecard = await scorecardFor(ctx, entity, input.id, 'rate-kpis');
  return enter(ctx, entity, scorecard, input.quarter as number, input.ratings as Entry[], 'ratings', 'rate-kpis');
};

/** Writes the entries (`key`: the body's list, that a refusal names; `action`: the audit trail's) in the quarter's window. */
async function enter(
  ctx: CallContext,
  entity: EntityDef,
  scorecard: Row,
  quarter: number,
  entries: Entry[],
  key: 'actuals' | 'ratings',
  action: 'update-actuals' | 'rate-kpis',
) {
  if (scorecard.annualPlanId == null && scorecard.operationalPlanId != null)
    await assertInOperationalPlan(ctx, scorecard.operationalPlanId);
  else await assertInWindow(ctx, scorecard.annualPlanId, quarter, 'assessment');
  const kpiEntity = ctx.registry.entity('performance-kpi');
  if (new Set(entries.map((e) => e.kpiId)).size !== entries.length)
    throw AppError.validation([fieldProblem(entity, key, 'refusal.review.kpiTwice')]);
  // a hand rating is a rating of the plan's scale
  if (entries.some((e) => e.manualRatingScore != null)) {
    const range = await scorecardRatingRange(ctx, scorecard.id);
    entries.forEach((e, i) =>
      assertScores(ctx, 'performance-kpi', e, ['manualRatingScore'], range, { pathPrefix: `${key}.${i}.` }),
    );
  }
  const kpis: Row[] = [];
  for (const e of entries)
    kpis.push(await fetchOne(ctx, kpiEntity, e.kpiId, true).catch(() => ({ id: e.kpiId, scorecardId: null })));
  const strangers = kpis.filter((k) => k.scorecardId !== scorecard.id).map((k) => k.id);
  if (strangers.length)
    throw AppError.validation([
      wordedProblem(key, text('refusal.scorecard.strangeKpis', { ids: strangers.join(', ') })),
    ]);
  for (const [i, e] of entries.entries()) {
    const before = kpis[i];
    const changes: Row = {};
    if (e.actual !== undefined) {
      const quarters = [before.actual1, before.actual2, before.actual3, before.actual4];
      quarters[quarter] = e.actual;
      changes[`actual${quarter + 1}`] = e.actual;
      changes.actual = [...quarters].reverse().find((v) => v !== null && v !== undefined) ?? null;
    }
    if (e.ytd !== undefined) changes.ytd = e.ytd;
    if (e.manualRatingScore !== undefined) changes.manualRatingScore = e.manualRatingScore;
    await applyUpdate(ctx, kpiEntity, before, changes, action);
  }
  return readRecord(ctx, entity, scorecard.id);
}

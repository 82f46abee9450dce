import { AppError } from '../../app-error.ts';
import { text } from '../../i18n/text.ts';
import type { Row } from '../../db/db.ts';
import { applyUpdate, fetchOne, readRecord } from '../../records/record-store.ts';
import { fieldProblem, validateInput, wordedProblem } from '../../records/record-validator.ts';
import type { CommandHook } from '../hook-registry.ts';
import { scorecardFor } from './scorecard-access.ts';
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
            description: 'the rating of a KPI scored by hand (qualitative, or every KPI in manual mode)',
          },
        },
      },
    },
  },
};

/**
 * Enters one quarter's actuals (actual1..4 for Q1..Q4) and hand ratings of a scorecard's KPIs, only inside that
 * quarter's assessment window (an operational scorecard's, inside its operational plan's dates); `actual` follows the
 * latest quarter that has one.
 */
export const updateActuals: CommandHook = async (ctx, entity, input) => {
  validateInput(UPDATE_ACTUALS_INPUT, input);
  const scorecard = await scorecardFor(ctx, entity, input.id, 'update-actuals');
  const quarter = input.quarter as number;
  if (scorecard.annualPlanId == null && scorecard.operationalPlanId != null)
    await assertInOperationalPlan(ctx, scorecard.operationalPlanId);
  else await assertInWindow(ctx, scorecard.annualPlanId, quarter, 'assessment');
  const kpiEntity = ctx.registry.entity('performance-kpi');
  const entries = input.actuals as {
    kpiId: number;
    actual?: number | null;
    ytd?: number | null;
    manualRatingScore?: number | null;
  }[];
  if (new Set(entries.map((e) => e.kpiId)).size !== entries.length)
    throw AppError.validation([fieldProblem(entity, 'actuals', 'refusal.review.kpiTwice')]);
  // a hand rating is a rating of the plan's scale
  if (entries.some((e) => e.manualRatingScore != null)) {
    const range = await scorecardRatingRange(ctx, scorecard.id);
    entries.forEach((e, i) =>
      assertScores(ctx, 'performance-kpi', e, ['manualRatingScore'], range, { pathPrefix: `actuals.${i}.` }),
    );
  }
  const kpis: Row[] = [];
  for (const e of entries)
    kpis.push(await fetchOne(ctx, kpiEntity, e.kpiId, true).catch(() => ({ id: e.kpiId, scorecardId: null })));
  const strangers = kpis.filter((k) => k.scorecardId !== scorecard.id).map((k) => k.id);
  if (strangers.length)
    throw AppError.validation([
      wordedProblem('actuals', text('refusal.scorecard.strangeKpis', { ids: strangers.join(', ') })),
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
    await applyUpdate(ctx, kpiEntity, before, changes, 'update-actuals');
  }
  return readRecord(ctx, entity, scorecard.id);
};

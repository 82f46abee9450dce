import { AppError, type FieldError } from '../../../app-error.ts';
import { text } from '../../../i18n/text.ts';
import type { Row } from '../../../db/db.ts';
import { addRecord, applyUpdate, fetchOne } from '../../../records/record-store.ts';
import type { BeforeWriteHook, CommandHook, EntityRecord } from '../../hook-registry.ts';
import { assertMayRun } from '../scorecard-access.ts';
import { assertParty } from './review-parties.ts';
import { assertScores, scorecardRatingRange } from '../rating-range.ts';
import { fieldProblem, labelOf, noSuchRecord, wordedProblem } from '../../../records/record-validator.ts';
import { inSentence, optionLabel, optionsOr } from '../../../i18n/message-words.ts';

/** Who enters each score of a KPI in an assessment, and in which states of the assessment it may still change. */
export const SCORE_FIELDS: Readonly<Record<string, { party: 'employee' | 'supervisor'; states: readonly string[] }>> = {
  selfScore: { party: 'employee', states: ['Open'] },
  manualRatingScore: { party: 'supervisor', states: ['Open', 'SelfAssessed', 'ReferredBack'] },
  adjustedScore: { party: 'supervisor', states: ['Open', 'SelfAssessed', 'ReferredBack'] },
  // each party's comment is its own field: the supervisor's save never overwrites what the employee wrote
  comment: { party: 'employee', states: ['Open'] },
  supervisorComment: { party: 'supervisor', states: ['Open', 'SelfAssessed', 'ReferredBack'] },
};

/** The score fields that hold words, not ratings: they are not checked against the plan's scale. */
const COMMENT_FIELDS: readonly string[] = ['comment', 'supervisorComment'];

/** The score fields a write changes. */
export function changedScoreFields(before: Row | null, record: Row): string[] {
  return Object.keys(SCORE_FIELDS).filter(
    (f) => record[f] !== undefined && (record[f] ?? null) !== (before?.[f] ?? null),
  );
}

/**
 * kpi-assessment beforeWrite: the KPI must be one of the assessment's scorecard; each score is entered by its party
 * (the employee's self score, the supervisor's manual rating and adjusted score; the PM committee's for a corporate
 * assessment) while the assessment is in a state that takes it; nothing changes once it is completed. The owner
 * follows the assessment. A score is a rating of the plan's rating scale.
 */
export const checkKpiAssessment: BeforeWriteHook<'kpi-assessment'> = async (ctx, entity, before, record) => {
  if (before && (record.assessmentId !== before.assessmentId || record.kpiId !== before.kpiId))
    throw AppError.validation([
      fieldProblem(
        entity,
        record.assessmentId !== before.assessmentId ? 'assessmentId' : 'kpiId',
        'refusal.review.kpiScoresFixed',
      ),
    ]);
  const [a] = await ctx.tx.query<
    Pick<EntityRecord<'performance-assessment'>, 'id' | 'status' | 'type' | 'employeeId' | 'scorecardId'> & {
      scoringMode: string | null;
    }
  >(
    `SELECT a.id, a.status, a.type, a.employee_id AS "employeeId", a.scorecard_id AS "scorecardId", p.scoring_mode AS "scoringMode"
       FROM performance_assessment a LEFT JOIN annual_plan p ON p.company_id = a.company_id AND p.id = a.annual_plan_id WHERE a.company_id = $1 AND a.id = $2`,
    [ctx.companyId, record.assessmentId],
  );
  if (!a) throw AppError.validation([noSuchRecord('assessmentId', ctx.registry.entity('performance-assessment'))]);
  const [kpi] = await ctx.tx.query<{ scorecardId: number; name: string; kpiType: string | null }>(
    `SELECT scorecard_id AS "scorecardId", name, kpi_type AS "kpiType" FROM performance_kpi WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, record.kpiId],
  );
  if (!kpi) throw AppError.validation([noSuchRecord('kpiId', ctx.registry.entity('performance-kpi'))]);
  if (Number(kpi.scorecardId) !== Number(a.scorecardId))
    throw AppError.validation([
      wordedProblem('kpiId', text('refusal.review.kpiOfOtherScorecard', { id: String(record.kpiId) })),
    ]);
  for (const field of changedScoreFields(before, record)) {
    const rule = SCORE_FIELDS[field];
    // Kept in code: which score may change depends on the assessment's state and on who enters it, and save-scores adds a KPI's record with its first score; a lock opens a child collection for every write or none, not per field and party
    if (!rule.states.includes(a.status as string))
      throw AppError.worded(
        'invalid_state',
        text('refusal.review.scoreNotNow', {
          field: labelOf(entity, field),
          state: optionLabel(a.status),
          states: optionsOr(rule.states),
        }),
      );
    await assertParty(
      ctx,
      a,
      rule.party,
      text('refusal.review.doEnterScore', { field: inSentence(labelOf(entity, field)) }),
    );
  }
  // in automatic mode a quantitative KPI is scored from its actual (spec 001 §9): a manual rating of it would be
  // ignored, so it is refused rather than stored to be shown beside a score it never changed
  if (
    record.manualRatingScore != null &&
    changedScoreFields(before, record).includes('manualRatingScore') &&
    !manualScoreCounts(a.scoringMode as string | null, kpi.kpiType)
  )
    throw AppError.validation([
      wordedProblem(
        'manualRatingScore',
        text('refusal.review.manualScoreNotCounted', { field: labelOf(entity, 'manualRatingScore'), kpi: kpi.name }),
      ),
    ]);
  // a score is a rating of the plan's scale: a whole number from its lowest to its highest rating (an adjusted 0 adjusts nothing)
  const scores = changedScoreFields(before, record).filter((f) => !COMMENT_FIELDS.includes(f));
  if (scores.length)
    assertScores(ctx, 'kpi-assessment', record, scores, await scorecardRatingRange(ctx, a.scorecardId), {
      zeroAllowed: ['adjustedScore'],
    });
  return { employeeId: a.employeeId };
};

/** Whether a KPI's manual rating counts in its score: in manual mode always, in automatic mode only for a KPI that is not quantitative. */
export function manualScoreCounts(scoringMode: string | null | undefined, kpiType: string | null | undefined): boolean {
  return scoringMode === 'manual' || kpiType !== 'Quantitative';
}

/**
 * POST performance-assessment/save-scores {id, scores: [{kpiId, selfScore?, manualRatingScore?, adjustedScore?, comment?, supervisorComment?}]}:
 * enters the KPI scores of one assessment in one transaction (each KPI's record added or updated through the engine,
 * with its audit entry); returns the assessment with its KPI scores.
 */
export const saveKpiScores: CommandHook = async (ctx, entity, input) => {
  const assessment = await fetchOne(ctx, entity, input.id, true);
  await assertMayRun(ctx, entity, assessment, 'save-scores');
  const kpiEntity = ctx.registry.entity('kpi-assessment');
  const scores = input.scores as (Row & { kpiId: number })[];
  if (new Set(scores.map((s) => s.kpiId)).size !== scores.length)
    throw AppError.validation([fieldProblem(entity, 'scores', 'refusal.review.kpiTwice')]);
  const existing = await ctx.tx.query(
    `SELECT id FROM kpi_assessment WHERE company_id = $1 AND assessment_id = $2 AND kpi_id = ANY($3) FOR UPDATE`,
    [ctx.companyId, assessment.id, scores.map((s) => s.kpiId)],
  );
  const stored = new Map<number, Row>();
  for (const { id } of existing) {
    const row = await fetchOne(ctx, kpiEntity, Number(id), true);
    stored.set(Number(row.kpiId), row);
  }
  // every row is judged before the call fails, so that the screen can say beside each KPI what is wrong with it
  // (scores.<i>.<field>); a row's check refuses before its statement runs, so the later rows are still tried
  const faults: FieldError[] = [];
  for (const [i, { kpiId, ...values }] of scores.entries()) {
    const before = stored.get(kpiId);
    try {
      if (before) await applyUpdate(ctx, kpiEntity, before, values, 'save-scores');
      else
        await addRecord(
          ctx,
          kpiEntity,
          { assessmentId: assessment.id, kpiId, ...stripNulls(values) },
          { checked: true, action: 'save-scores' },
        );
    } catch (e) {
      if (!(e instanceof AppError) || e.code !== 'validation_failed') throw e;
      faults.push(...e.fieldErrors.map((f) => ({ ...f, field: `scores.${i}.${f.field ?? ''}`.replace(/\.$/, '') })));
    }
  }
  if (faults.length) throw AppError.validation(faults);
  const kpiAssessmentList = await ctx.tx.query(
    `SELECT id, kpi_id AS "kpiId", self_score AS "selfScore", manual_rating_score AS "manualRatingScore", adjusted_score AS "adjustedScore", comment, supervisor_comment AS "supervisorComment" FROM kpi_assessment WHERE company_id = $1 AND assessment_id = $2 ORDER BY kpi_id`,
    [ctx.companyId, assessment.id],
  );
  return { ...assessment, kpiAssessmentList };
};

const stripNulls = (values: Row): Row => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null));

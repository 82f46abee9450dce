import { AppError } from '../../../app-error.ts';
import { text } from '../../../i18n/text.ts';
import type { Row } from '../../../db/db.ts';
import type { CallContext } from '../../../records/call-context.ts';
import type { BeforeWriteHook, EntityRecord } from '../../hook-registry.ts';
import { computeAssessmentTotals } from './assessment-scores.ts';
import { isCommittee } from './review-parties.ts';
import { today } from '../quarter-windows.ts';
import { agreementQuarter, defaultReviewType, reviewWindow, windowDates, type ReviewType } from './review-windows.ts';
import { noSuchRecord, wordedProblem } from '../../../records/record-validator.ts';
import { moduleLabel, optionLabel } from '../../../i18n/message-words.ts';

/** What a review copies from its scorecard. */
type ReviewedScorecard = Pick<
  EntityRecord<'performance-scorecard'>,
  'id' | 'name' | 'level' | 'period' | 'quarterIndex' | 'annualPlanId' | 'employeeId'
>;

/**
 * The scorecard a review is of, with what the review copies from it. A scorecard of no annual plan may have a review,
 * but it has no quarter windows, so no step of it can be taken until the scorecard has a plan.
 */
async function scorecardOf(ctx: CallContext, scorecardId: unknown): Promise<ReviewedScorecard> {
  const [s] = await ctx.tx.query<ReviewedScorecard>(
    `SELECT id, name, level, period, quarter_index AS "quarterIndex", annual_plan_id AS "annualPlanId", employee_id AS "employeeId" FROM performance_scorecard WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, scorecardId],
  );
  if (!s) throw AppError.validation([noSuchRecord('scorecardId', ctx.registry.entity('performance-scorecard'))]);
  if (s.level === 'library' || s.level === 'operational')
    throw AppError.validation([
      wordedProblem('scorecardId', text('refusal.review.scorecardLevel', { level: optionLabel(s.level) })),
    ]);
  return s;
}

/**
 * The type a review keeps: the one given, else the scorecard's; only the PM committee sets another (it decides who
 * reviews); a personal review needs an employee's scorecard.
 */
function typeOf(ctx: CallContext, before: Row | null, record: Row, scorecard: Row): ReviewType {
  const type = (record.type as ReviewType | undefined | null) ?? defaultReviewType(scorecard.level);
  if (type !== ((before?.type as ReviewType | undefined) ?? defaultReviewType(scorecard.level)) && !isCommittee(ctx))
    throw AppError.worded(
      'forbidden',
      text('refusal.review.committeeSetsType', { module: moduleLabel('performance') }),
    );
  if (type === 'Personal' && scorecard.employeeId === null)
    throw AppError.validation([wordedProblem('type', text('refusal.review.personalNeedsEmployee'))]);
  return type;
}

const quarterLabel = (q: number | null) => (q === null ? 'annual' : `Q${q + 1}`);

/**
 * performance-agreement beforeWrite: the employee, plan, quarter, type, title and window dates come from the scorecard
 * (and its quarter), whatever the write; the scorecard itself never changes.
 */
export const deriveAgreement: BeforeWriteHook<'performance-agreement'> = async (ctx, _entity, before, record) => {
  if (before && record.scorecardId !== before.scorecardId)
    throw AppError.validation([wordedProblem('scorecardId', text('refusal.review.agreementScorecardFixed'))]);
  const s = await scorecardOf(ctx, record.scorecardId);
  const type = typeOf(ctx, before, record, s);
  const quarterIndex =
    s.period === 'Periodic' && s.quarterIndex !== null ? (Number(s.quarterIndex) as 0 | 1 | 2 | 3) : null;
  // whose window the agreement is made in: a periodic scorecard's quarter; for an annual one the quarter chosen on add
  // (an employee who joins in Q4 agrees in Q4's window), else the plan's quarter running today, else Q1
  const windowQuarter =
    quarterIndex ??
    before?.windowQuarterIndex ??
    record.windowQuarterIndex ??
    (await runningQuarter(ctx, s.annualPlanId));
  const dates = await windowDates(ctx, s.annualPlanId, windowQuarter, reviewWindow('agreement', type));
  return {
    employeeId: s.employeeId,
    annualPlanId: s.annualPlanId,
    quarterIndex,
    // whose window the agreement waits for, so that the screen can say so while it is not open
    windowQuarterIndex: windowQuarter as 0 | 1 | 2 | 3,
    type,
    title: `${s.name} (${quarterLabel(quarterIndex)})`,
    ...dates,
  };
};

/** The quarter of the plan whose dates hold today, else Q1 (a plan not running yet, or over). */
async function runningQuarter(ctx: CallContext, annualPlanId: unknown): Promise<number> {
  const [q] = await ctx.tx.query<{ quarterIndex: number }>(
    `SELECT quarter_index AS "quarterIndex" FROM quarter WHERE company_id = $1 AND annual_plan_id = $2 AND start_date <= $3::date AND end_date >= $3::date LIMIT 1`,
    [ctx.companyId, annualPlanId, today()],
  );
  return agreementQuarter(q ? Number(q.quarterIndex) : null);
}

/** States from which an assessment's stored totals follow the scores entered. */
const SCORED_ON: Readonly<Record<string, 'self' | 'all'>> = { SelfAssessed: 'self', Assessed: 'all' };

/**
 * performance-assessment beforeWrite: derives what the agreement derives (for the assessment's quarter); entering
 * SelfAssessed or Assessed recomputes the stored totals from the scores entered. (The workflow holds the state rules:
 * a personal assessment is assessed after the self-assessment, and scored only when its scorecard is in an annual
 * plan, by the transitions' conditions; a completed one is final by the lock on Completed.)
 */
export const deriveAssessment: BeforeWriteHook<'performance-assessment'> = async (ctx, _entity, before, record) => {
  if (before && (record.scorecardId !== before.scorecardId || record.quarterIndex !== before.quarterIndex))
    throw AppError.validation([
      wordedProblem(
        record.scorecardId !== before.scorecardId ? 'scorecardId' : 'quarterIndex',
        text('refusal.review.assessmentFixed'),
      ),
    ]);
  const s = await scorecardOf(ctx, record.scorecardId);
  const type = typeOf(ctx, before, record, s);
  const quarterIndex = Number(record.quarterIndex);
  if (s.period === 'Periodic' && s.quarterIndex !== null && Number(s.quarterIndex) !== quarterIndex)
    throw AppError.validation([
      wordedProblem('quarterIndex', text('refusal.review.periodicQuarter', { quarter: Number(s.quarterIndex) + 1 })),
    ]);
  const dates = await windowDates(ctx, s.annualPlanId, quarterIndex, reviewWindow('assessment', type));
  const derived: Row = {
    employeeId: s.employeeId,
    annualPlanId: s.annualPlanId,
    type,
    title: `${s.name} (${quarterLabel(quarterIndex)})`,
    ...dates,
  };
  const scored = before && record.status !== before.status ? SCORED_ON[record.status as string] : undefined;
  if (scored) {
    const totals = await computeAssessmentTotals(ctx, { ...record, annualPlanId: s.annualPlanId });
    derived.selfScore = totals.selfScore;
    if (scored === 'all') Object.assign(derived, { score: totals.score, finalScore: totals.finalScore });
  }
  return derived;
};

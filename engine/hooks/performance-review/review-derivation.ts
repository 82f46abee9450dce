import { AppError } from '../../app-error.ts';
import type { Row } from '../../db/db.ts';
import type { CallContext } from '../../records/call-context.ts';
import type { BeforeWriteHook } from '../hook-registry.ts';
import { computeAssessmentTotals } from './assessment-scores.ts';
import { isCommittee } from './review-parties.ts';
import { agreementQuarter, defaultReviewType, reviewWindow, windowDates, type ReviewType } from './review-windows.ts';
import { noSuchRecord } from '../../records/record-validator.ts';

/**
 * The scorecard a review is of, with what the review copies from it. A scorecard of no annual plan may have a review,
 * but it has no quarter windows, so no step of it can be taken until the scorecard has a plan.
 */
async function scorecardOf(ctx: CallContext, scorecardId: unknown): Promise<Row> {
  const [s] = await ctx.tx.query(
    `SELECT id, name, level, period, quarter_index AS "quarterIndex", annual_plan_id AS "annualPlanId", employee_id AS "employeeId" FROM performance_scorecard WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, scorecardId],
  );
  if (!s) throw AppError.validation([noSuchRecord('scorecardId', ctx.registry.entity('performance-scorecard'))]);
  if (s.level === 'library' || s.level === 'operational') throw AppError.validation([{ field: 'scorecardId', message: `names a ${s.level} scorecard; only corporate and employee scorecards are agreed and assessed` }]);
  return s;
}

/**
 * The type a review keeps: the one given, else the scorecard's; only the PM committee sets another (it decides who
 * reviews); a personal review needs an employee's scorecard.
 */
function typeOf(ctx: CallContext, before: Row | null, record: Row, scorecard: Row): ReviewType {
  const type = (record.type as ReviewType | undefined | null) ?? defaultReviewType(scorecard.level);
  if (type !== ((before?.type as ReviewType | undefined) ?? defaultReviewType(scorecard.level)) && !isCommittee(ctx))
    throw new AppError('forbidden', 'Only the PM committee (an employee with admin access to the module "performance") may set the type of a review');
  if (type === 'Personal' && scorecard.employeeId === null) throw AppError.validation([{ field: 'type', message: 'Personal needs an employee’s scorecard; this scorecard belongs to no employee, so its review is Corporate' }]);
  return type;
}

const quarterLabel = (q: number | null) => (q === null ? 'annual' : `Q${q + 1}`);

/**
 * performance-agreement beforeWrite: the employee, plan, quarter, type, title and window dates come from the scorecard
 * (and its quarter), whatever the write; the scorecard itself never changes.
 */
export const deriveAgreement: BeforeWriteHook = async (ctx, _entity, before, record) => {
  if (before && record.scorecardId !== before.scorecardId) throw AppError.validation([{ field: 'scorecardId', message: 'cannot change; an agreement stays with its scorecard' }]);
  const s = await scorecardOf(ctx, record.scorecardId);
  const type = typeOf(ctx, before, record, s);
  const quarterIndex = s.period === 'Periodic' && s.quarterIndex !== null ? Number(s.quarterIndex) : null;
  const dates = await windowDates(ctx, s.annualPlanId, agreementQuarter(quarterIndex), reviewWindow('agreement', type));
  return { employeeId: s.employeeId, annualPlanId: s.annualPlanId, quarterIndex, type, title: `${s.name} (${quarterLabel(quarterIndex)})`, ...dates };
};

/** States from which an assessment's stored totals follow the scores entered. */
const SCORED_ON: Readonly<Record<string, 'self' | 'all'>> = { SelfAssessed: 'self', Assessed: 'all' };

/**
 * performance-assessment beforeWrite: derives what the agreement derives (for the assessment's quarter); a completed
 * assessment is final; a personal one is assessed only after the employee's self-assessment; and entering
 * SelfAssessed or Assessed recomputes the stored totals from the scores entered.
 */
export const deriveAssessment: BeforeWriteHook = async (ctx, _entity, before, record) => {
  if (before?.status === 'Completed') throw new AppError('invalid_state', 'This assessment is completed, and a completed assessment is final: it can no longer change');
  if (before && (record.scorecardId !== before.scorecardId || record.quarterIndex !== before.quarterIndex))
    throw AppError.validation([{ field: record.scorecardId !== before.scorecardId ? 'scorecardId' : 'quarterIndex', message: 'cannot change; an assessment stays with its scorecard and quarter' }]);
  const s = await scorecardOf(ctx, record.scorecardId);
  const type = typeOf(ctx, before, record, s);
  const quarterIndex = Number(record.quarterIndex);
  if (s.period === 'Periodic' && s.quarterIndex !== null && Number(s.quarterIndex) !== quarterIndex)
    throw AppError.validation([{ field: 'quarterIndex', message: `must be ${s.quarterIndex}: the scorecard is the periodic one of Q${Number(s.quarterIndex) + 1}` }]);
  if (before?.status === 'Open' && record.status === 'Assessed' && type === 'Personal')
    throw new AppError('invalid_state', 'The employee has not submitted a self-assessment yet; a personal assessment is assessed after it');
  const dates = await windowDates(ctx, s.annualPlanId, quarterIndex, reviewWindow('assessment', type));
  const derived: Row = { employeeId: s.employeeId, annualPlanId: s.annualPlanId, type, title: `${s.name} (${quarterLabel(quarterIndex)})`, ...dates };
  const scored = before && record.status !== before.status ? SCORED_ON[record.status as string] : undefined;
  if (scored && s.annualPlanId === null) throw new AppError('invalid_state', 'The scorecard belongs to no annual plan, so it has no quarter to be assessed in; give it an annual plan first');
  if (scored) {
    const totals = await computeAssessmentTotals(ctx, { ...record, annualPlanId: s.annualPlanId });
    derived.selfScore = totals.selfScore;
    if (scored === 'all') Object.assign(derived, { score: totals.score, finalScore: totals.finalScore });
  }
  return derived;
};

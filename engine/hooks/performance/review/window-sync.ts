import type { AfterWriteHook } from '../../hook-registry.ts';

/**
 * quarter afterWrite: the agreements and assessments of the quarter carry copies of their window's dates (reminders
 * and queues read them); when the quarter's windows change, the copies follow in two statements. Agreements of an
 * annual scorecard follow Q1. Derived copies only: no record's own content or version changes.
 */
export const syncWindowDates: AfterWriteHook<'quarter'> = async (ctx, _entity, before, after) => {
  const fields = (['agreement', 'pmAgreement', 'assessment', 'pmAssessment'] as const).flatMap((w) => [`${w}StartDate`, `${w}EndDate`] as const);
  if (before && fields.every((f) => (before[f] ?? null) === (after[f] ?? null))) return;
  await ctx.tx.query(
    `UPDATE performance_agreement a SET window_start_date = CASE a.type WHEN 'Corporate' THEN q.pm_agreement_start_date ELSE q.agreement_start_date END,
                                        window_end_date = CASE a.type WHEN 'Corporate' THEN q.pm_agreement_end_date ELSE q.agreement_end_date END
       FROM quarter q WHERE q.company_id = $1 AND q.id = $2 AND a.company_id = $1 AND a.annual_plan_id = q.annual_plan_id AND coalesce(a.quarter_index, 0) = q.quarter_index`,
    [ctx.companyId, after.id],
  );
  await ctx.tx.query(
    `UPDATE performance_assessment a SET window_start_date = CASE a.type WHEN 'Corporate' THEN q.pm_assessment_start_date ELSE q.assessment_start_date END,
                                         window_end_date = CASE a.type WHEN 'Corporate' THEN q.pm_assessment_end_date ELSE q.assessment_end_date END
       FROM quarter q WHERE q.company_id = $1 AND q.id = $2 AND a.company_id = $1 AND a.annual_plan_id = q.annual_plan_id AND a.quarter_index = q.quarter_index`,
    [ctx.companyId, after.id],
  );
};

import type { Row } from '../../../db/db.ts';
import { rowsForWrite, updateRecords } from '../../../records/bulk-writes.ts';
import type { CallContext } from '../../../records/call-context.ts';
import type { AfterWriteHook } from '../../hook-registry.ts';

/**
 * quarter afterWrite: the agreements and assessments of the quarter carry copies of their window's dates (reminders
 * and queues read them); when the quarter's windows change, the copies follow, through the record store's bulk update
 * (one statement per entity, an audit entry per row that changes). Agreements of an annual scorecard follow Q1.
 */
export const syncWindowDates: AfterWriteHook<'quarter'> = async (ctx, _entity, before, after) => {
  const fields = (['agreement', 'pmAgreement', 'assessment', 'pmAssessment'] as const).flatMap(
    (w) => [`${w}StartDate`, `${w}EndDate`] as const,
  );
  if (before && fields.every((f) => (before[f] ?? null) === (after[f] ?? null))) return;
  await follow(
    ctx,
    'performance-agreement',
    'coalesce(window_quarter_index, quarter_index, 0) = $3',
    after,
    'pmAgreement',
    'agreement',
  );
  await follow(ctx, 'performance-assessment', 'quarter_index = $3', after, 'pmAssessment', 'assessment');
};

/** The reviews of the quarter take its window's dates: a corporate one the PM committee's window, a personal one the employee's. */
async function follow(
  ctx: CallContext,
  name: string,
  inQuarter: string,
  quarter: Row,
  corporate: string,
  personal: string,
): Promise<void> {
  const entity = ctx.registry.entity(name);
  const rows = await rowsForWrite(ctx, entity, `annual_plan_id = $2 AND ${inQuarter}`, [
    quarter.annualPlanId,
    quarter.quarterIndex,
  ]);
  const window = (r: Row) => (r.type === 'Corporate' ? corporate : personal);
  await updateRecords(
    ctx,
    entity,
    rows.map((r) => ({
      before: r,
      set: {
        windowStartDate: quarter[`${window(r)}StartDate`] ?? null,
        windowEndDate: quarter[`${window(r)}EndDate`] ?? null,
      },
    })),
    'follow-quarter',
    { derived: true },
  );
}

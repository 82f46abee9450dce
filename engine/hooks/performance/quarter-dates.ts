import type { AfterWriteHook } from '../hook-registry.ts';
import { addRecords } from '../../records/bulk-writes.ts';
import { quarterDates } from './plan-calendar.ts';

// the plan calendar is pure (the scorecard editor reads it too); these names stay where they were
export { addMonths, quarterDates } from './plan-calendar.ts';

/** A new annual plan gets its four quarters, so that their windows can be set on manage-quarters. */
export const createQuarters: AfterWriteHook<'annual-plan'> = async (ctx, _entity, before, plan) => {
  if (before) return;
  const quarter = ctx.registry.entity('quarter');
  await addRecords(
    ctx,
    quarter,
    quarterDates(String(plan.startDate), String(plan.endDate)).map((q) => ({ input: { annualPlanId: plan.id, ...q } })),
  );
};

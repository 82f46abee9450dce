import { AppError } from '../../../app-error.ts';
import { entityLabel, fieldProblem } from '../../../records/record-validator.ts';
import { text, type Text } from '../../../i18n/text.ts';
import { dayMonthYear } from '../../../i18n/day-month-year.ts';
import type { Row } from '../../../db/db.ts';
import type { CallContext } from '../../../records/call-context.ts';
import type { BeforeWriteHook } from '../../hook-registry.ts';
import { today } from '../quarter-windows.ts';

interface Window {
  quarterIndex: number;
  start: string;
  end: string;
}

/**
 * Why an employee may not manage development areas on `day`, or null: once a module admin has set development area
 * windows on the plan's quarters, only inside one of them (start and end days included); with none set, any day.
 */
export function developmentWindowRefusal(windows: readonly Window[], day: string): Text | null {
  if (windows.length === 0 || windows.some((w) => day >= w.start && day <= w.end)) return null;
  const named = windows.map((w) =>
    text('refusal.developmentArea.window', {
      quarter: w.quarterIndex + 1,
      start: dayMonthYear(w.start),
      end: dayMonthYear(w.end),
    }),
  );
  return text('refusal.developmentArea.outsideWindows', {
    windows: { list: named, join: 'and' },
    today: dayMonthYear(day),
  });
}

async function assertInDevelopmentWindow(ctx: CallContext, annualPlanId: unknown): Promise<void> {
  const windows = await ctx.tx.query<Window>(
    `SELECT quarter_index AS "quarterIndex", development_area_start_date AS start, development_area_end_date AS "end" FROM quarter
      WHERE company_id = $1 AND annual_plan_id = $2 AND development_area_start_date IS NOT NULL AND development_area_end_date IS NOT NULL ORDER BY quarter_index`,
    [ctx.companyId, annualPlanId],
  );
  const refusal = developmentWindowRefusal(windows, today());
  if (refusal) throw AppError.worded('outside_window', refusal);
}

const isOwner = (ctx: CallContext, record: Row) =>
  ctx.actor.employeeId !== null && record.employeeId === ctx.actor.employeeId;

/**
 * A development area (held while its annual plan is Closed: entity.json heldBy): the employee's own changes only in the plan's development
 * area window (where set), never to the supervisor's comment (once the supervisor accepted it, the workflow's lock on
 * Accepted holds it); it stays with its employee and plan.
 */
export const checkDevelopmentArea: BeforeWriteHook<'personal-development-area'> = async (
  ctx,
  entity,
  before,
  record,
) => {
  if (before) {
    const moved = (['employeeId', 'annualPlanId'] as const).filter((f) => record[f] !== before[f]);
    if (moved.length)
      throw AppError.validation(
        moved.map((field) => fieldProblem(entity, field, 'refusal.field.fixedAddNew', { entity: entityLabel(entity) })),
      );
  }
  const stateChange = before !== null && record.reviewStatus !== before.reviewStatus;
  if (isOwner(ctx, record) && !stateChange) {
    if ((record.supervisorComment ?? null) !== (before?.supervisorComment ?? null))
      throw AppError.validation([
        fieldProblem(entity, 'supervisorComment', 'refusal.developmentArea.supervisorComment'),
      ]);
    await assertInDevelopmentWindow(ctx, record.annualPlanId);
  }
  return {};
};

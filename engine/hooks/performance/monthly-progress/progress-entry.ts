import { assertRecordAllowed } from '../../../access/access-policy.ts';
import { text } from '../../../i18n/text.ts';
import { AppError } from '../../../app-error.ts';
import type { Row } from '../../../db/db.ts';
import type { EntityDef } from '../../../metadata/registry.ts';
import type { CallContext } from '../../../records/call-context.ts';
import { addRecord, applyUpdate, fetchOne } from '../../../records/record-store.ts';
import { fieldProblem, wordedProblem } from '../../../records/record-validator.ts';
import type { CommandHook } from '../../hook-registry.ts';
import { kpiPlace, openPeriod } from './progress-checks.ts';

/** One KPI's progress for the month, as the set commands take it; null clears a value. */
interface ProgressEntry {
  kpiId: number;
  actual?: number | null;
  percent?: number | null;
  comment?: string | null;
}

const VALUES = ['actual', 'percent', 'comment'] as const;

function assertDistinctKpis(entity: EntityDef, entries: readonly ProgressEntry[]): void {
  const seen = new Set<number>();
  const twice = entries.filter((e) => (seen.has(e.kpiId) ? true : (seen.add(e.kpiId), false)));
  if (twice.length)
    throw AppError.validation([
      fieldProblem(entity, 'entries', 'refusal.progress.kpiTwice', { ids: twice.map((e) => e.kpiId).join(', ') }),
    ]);
}

/**
 * Writes each entry as the progress of its KPI in the period: an update of the recorded progress, or a new record;
 * the entity's beforeWrite hook checks every write (open period, whose KPI), all in the call's one transaction.
 */
async function upsertProgress(
  ctx: CallContext,
  entity: EntityDef,
  table: string,
  periodId: number,
  entries: readonly ProgressEntry[],
  owner: Row,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const entry of entries) {
    const values: Row = {};
    for (const f of VALUES) if (entry[f] !== undefined) values[f] = entry[f];
    const [existing] = await ctx.tx.query<{ id: number }>(
      `SELECT id FROM ${table} WHERE company_id = $1 AND period_id = $2 AND kpi_id = $3`,
      [ctx.companyId, periodId, entry.kpiId],
    );
    if (existing)
      rows.push(await applyUpdate(ctx, entity, await fetchOne(ctx, entity, existing.id, true), values, 'set'));
    else {
      const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null));
      rows.push(
        await addRecord(
          ctx,
          entity,
          { periodId, kpiId: entry.kpiId, ...given },
          { checked: true, action: 'set', set: owner },
        ),
      );
    }
  }
  return rows;
}

/**
 * POST employee-progress/set {periodId, employeeId?, entries}: an employee's progress on their own KPIs for one open
 * month, entered by the employee or their supervisor or acting supervisor (403 for anyone else).
 */
export const setEmployeeProgress: CommandHook = async (ctx, entity, input) => {
  const employeeId = (input.employeeId as number | undefined) ?? ctx.actor.employeeId;
  if (employeeId === null) throw AppError.validation([fieldProblem(entity, 'employeeId', 'validation.required')]);
  // any employee may call set; whose progress it may be is decided here: their own, or that of an employee they supervise
  await assertRecordAllowed(
    ctx.tx,
    entity,
    ['self', 'supervisor'],
    ctx.actor,
    { employeeId },
    text('refusal.access.setEmployeeProgress'),
  );
  const period = await openPeriod(ctx, input.periodId);
  const entries = input.entries as ProgressEntry[];
  assertDistinctKpis(entity, entries);
  for (const e of entries) {
    const kpi = await kpiPlace(ctx, e.kpiId);
    if (kpi.employeeId !== employeeId)
      throw AppError.validation([wordedProblem('entries', text('refusal.progress.notOwnKpi', { kpi: kpi.name }))]);
  }
  return upsertProgress(ctx, entity, 'employee_progress', period.id, entries, { employeeId });
};

/** POST company-progress/set {periodId, entries}: the organisation's progress on its KPIs for one open month (module admins). */
export const setCompanyProgress: CommandHook = async (ctx, entity, input) => {
  const period = await openPeriod(ctx, input.periodId);
  const entries = input.entries as ProgressEntry[];
  assertDistinctKpis(entity, entries);
  return upsertProgress(ctx, entity, 'company_progress', period.id, entries, {});
};

import { assertRecordAllowed } from '../../access/access-policy.ts';
import { text } from '../../i18n/text.ts';
import { AppError } from '../../app-error.ts';
import type { Row } from '../../db/db.ts';
import { writeAudit } from '../../audit/audit-writer.ts';
import { addRecord, fetchOne } from '../../records/record-store.ts';
import { entityLabel, validateInput, wordedProblem } from '../../records/record-validator.ts';
import type { CallContext } from '../../records/call-context.ts';
import type { CommandHook } from '../hook-registry.ts';
import { EDITABLE_KPI_FIELDS } from './scorecard-kpis.ts';

const RESULTS = new Set(['manualRatingScore', 'adjustedScore', 'ytd']);
const ids = { type: 'array', items: { type: 'integer', minimum: 1 }, uniqueItems: true };

/** The bodies of the copy commands (also the OpenAPI document's). */
export const CASCADE_INPUT = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 }, employeeIds: ids, businessUnitIds: ids, departmentIds: ids } };
export const COPY_FROM_LIBRARY_INPUT = { type: 'object', required: ['libraryId', 'employeeId'], additionalProperties: false, properties: { libraryId: { type: 'integer', minimum: 1 }, employeeId: { type: 'integer', minimum: 1 } } };
export const DELETE_ALL_EMPLOYEE_INPUT = { type: 'object', required: ['annualPlanId'], additionalProperties: false, properties: { annualPlanId: { type: 'integer', minimum: 1 }, period: { enum: ['Annual', 'Periodic'] } } };

/**
 * A new scorecard with the source's key performance areas and KPIs. With `link`, each KPI remembers the KPI it
 * cascades from (aKpiId) and that KPI's baseline and target (the a… fields).
 */
async function copyScorecard(ctx: CallContext, source: Row, values: Row, link: boolean): Promise<Row> {
  const scorecards = ctx.registry.entity('performance-scorecard');
  const kpaEntity = ctx.registry.entity('performance-kpa');
  const kpiEntity = ctx.registry.entity('performance-kpi');
  const copy = await addRecord(
    ctx,
    scorecards,
    { name: source.name, period: source.period, quarterIndex: source.quarterIndex ?? undefined, annualPlanId: source.annualPlanId ?? undefined, includeKeyPerformanceArea: source.includeKeyPerformanceArea, ...values },
    { checked: true },
  );
  if (link) await ctx.tx.query(`UPDATE performance_scorecard SET cascaded_from_id = $1 WHERE company_id = $2 AND id = $3`, [source.id, ctx.companyId, copy.id]);
  const [areas, kpis] = await Promise.all([
    ctx.tx.query(`SELECT id, name, perspective_id AS "perspectiveId", weight FROM performance_kpa WHERE company_id = $1 AND scorecard_id = $2 ORDER BY id`, [ctx.companyId, source.id]),
    ctx.tx.query(
      `SELECT id, key_performance_area_id AS "keyPerformanceAreaId", name, perspective_id AS "perspectiveId", kpi_type AS "kpiType", option_type AS "optionType", weight, baseline, target,
              to_char(target_date, 'YYYY-MM-DD') AS "targetDate", periodic_target1 AS "periodicTarget1", periodic_target2 AS "periodicTarget2", periodic_target3 AS "periodicTarget3",
              periodic_target4 AS "periodicTarget4", manual_baseline AS "manualBaseline", manual_target AS "manualTarget"
         FROM performance_kpi WHERE company_id = $1 AND scorecard_id = $2 ORDER BY id`,
      [ctx.companyId, source.id],
    ),
  ]);
  const areaOf = new Map<unknown, unknown>();
  for (const a of areas) areaOf.set(a.id, (await addRecord(ctx, kpaEntity, present({ name: a.name, perspectiveId: a.perspectiveId, weight: a.weight, scorecardId: copy.id }), { checked: true })).id);
  for (const k of kpis) {
    // the definition travels, the ratings and results do not
    const fields = present(Object.fromEntries(EDITABLE_KPI_FIELDS.filter((f) => !RESULTS.has(f)).map((f) => [f, k[f]])));
    const added = await addRecord(ctx, kpiEntity, { ...fields, scorecardId: copy.id, keyPerformanceAreaId: areaOf.get(k.keyPerformanceAreaId) ?? undefined }, { checked: true });
    if (link) {
      // the a… fields are read-only to clients; the cascade sets them and the audit trail shows it
      const [after] = await ctx.tx.query(
        `UPDATE performance_kpi SET a_kpi_id = $1, a_baseline = $2, a_target = $3, a_manual_baseline = $4, a_manual_target = $5 WHERE company_id = $6 AND id = $7 RETURNING id`,
        [k.id, k.baseline, k.target, k.manualBaseline, k.manualTarget, ctx.companyId, added.id],
      );
      await writeAudit(ctx, kpiEntity, 'cascade', added, { ...added, id: after.id, aKpiId: k.id, aBaseline: k.baseline, aTarget: k.target, aManualBaseline: k.manualBaseline, aManualTarget: k.manualTarget });
    }
  }
  return { ...copy, cascadedFromId: link ? source.id : null };
}

const present = (r: Row) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null && v !== undefined));

/** Cascades a corporate (or unit) scorecard to business units, departments and employees: one linked copy each. */
export const cascade: CommandHook = async (ctx, entity, input) => {
  validateInput(CASCADE_INPUT, input);
  const source = await fetchOne(ctx, entity, input.id, true);
  // (an employee, functional or library scorecard is not cascaded: the command's declared condition, entity.json)
  const targets: [string, string, number[]][] = [
    ['business-unit', 'businessUnitId', (input.businessUnitIds ?? []) as number[]],
    ['department', 'departmentId', (input.departmentIds ?? []) as number[]],
    ['employee', 'employeeId', (input.employeeIds ?? []) as number[]],
  ];
  if (!targets.some(([, , list]) => list.length)) throw AppError.validation([wordedProblem('employeeIds', text('refusal.scorecard.cascadeToNobody'))]);
  const made: Row[] = [];
  for (const [level, field, list] of targets) {
    if (!list.length) continue;
    const column = field.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
    const already = await ctx.tx.query(`SELECT ${column} AS target FROM performance_scorecard WHERE company_id = $1 AND cascaded_from_id = $2 AND ${column} = ANY($3)`, [ctx.companyId, source.id, list]);
    if (already.length) throw AppError.worded('conflict', text('refusal.scorecard.cascadedAlready', { entity: entityLabel(ctx.registry.entity(level)), ids: already.map((r) => r.target).join(', ') }));
    for (const target of list) made.push(await copyScorecard(ctx, source, { level, [field]: target }, true));
  }
  return made;
};

/** A library scorecard copied for one employee, by that employee, their supervisor or a module admin. */
export const copyFromLibrary: CommandHook = async (ctx, entity, input) => {
  validateInput(COPY_FROM_LIBRARY_INPUT, input);
  const source = await fetchOne(ctx, entity, input.libraryId);
  if (source.level !== 'library') throw AppError.validation([wordedProblem('libraryId', text('refusal.scorecard.notLibrary', { id: Number(source.id) }))]);
  const command = entity.commands.find((c) => c.name === 'copy-from-library')!;
  await assertRecordAllowed(ctx.tx, entity, command.access, ctx.actor, { employeeId: input.employeeId }, text('refusal.access.copyLibraryScorecard'));
  return copyScorecard(ctx, source, { level: 'employee', employeeId: input.employeeId }, false);
};

/** Deletes every employee scorecard (employee and functional) of an annual plan, annual or periodic; one audit entry each. */
export const deleteAllEmployeeScorecards: CommandHook = async (ctx, entity, input) => {
  validateInput(DELETE_ALL_EMPLOYEE_INPUT, input);
  await fetchOne(ctx, ctx.registry.entity('annual-plan'), input.annualPlanId);
  const deleted = await ctx.tx.query(
    `DELETE FROM performance_scorecard WHERE company_id = $1 AND annual_plan_id = $2 AND level IN ('employee', 'functional') AND ($3::text IS NULL OR period = $3) RETURNING id, name, level, period, employee_id AS "employeeId"`,
    [ctx.companyId, input.annualPlanId, input.period ?? null],
  );
  for (const row of deleted) await writeAudit(ctx, entity, 'delete-all-employee', row, null);
  return { deleted: deleted.length };
};

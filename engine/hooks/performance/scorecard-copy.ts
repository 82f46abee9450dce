import { assertRecordAllowed } from '../../access/access-policy.ts';
import { text } from '../../i18n/text.ts';
import { AppError } from '../../app-error.ts';
import type { Row } from '../../db/db.ts';
import { addRecords, deleteRecords, rowsForWrite } from '../../records/bulk-writes.ts';
import { addRecord, fetchOne } from '../../records/record-store.ts';
import { entityLabel, validateInput, wordedProblem } from '../../records/record-validator.ts';
import type { CallContext } from '../../records/call-context.ts';
import type { CommandHook } from '../hook-registry.ts';
import type { EntityDef } from '../../metadata/registry.ts';
import { attachReferenceTitles } from '../../records/reference-titles.ts';
import { EDITABLE_KPI_FIELDS } from './scorecard-kpis.ts';
import { CASCADE_TARGETS, cascadeScope, type CascadeTarget } from './cascade-scope.ts';
import { refuseSecondScorecard } from './one-scorecard-per-plan.ts';

const RESULTS = new Set(['manualRatingScore', 'adjustedScore', 'ytd']);
const ids = { type: 'array', items: { type: 'integer', minimum: 1 }, uniqueItems: true };

/** The bodies of the copy commands (also the OpenAPI document's). */
export const CASCADE_INPUT = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1 },
    ...Object.fromEntries(CASCADE_TARGETS.map((t) => [t.input, ids])),
  },
};
export const COPY_FROM_LIBRARY_INPUT = {
  type: 'object',
  required: ['libraryId', 'employeeId'],
  additionalProperties: false,
  properties: { libraryId: { type: 'integer', minimum: 1 }, employeeId: { type: 'integer', minimum: 1 } },
};
export const DELETE_ALL_EMPLOYEE_INPUT = {
  type: 'object',
  required: ['annualPlanId'],
  additionalProperties: false,
  properties: { annualPlanId: { type: 'integer', minimum: 1 }, period: { enum: ['Annual', 'Periodic'] } },
};

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
    {
      name: source.name,
      period: source.period,
      quarterIndex: source.quarterIndex ?? undefined,
      annualPlanId: source.annualPlanId ?? undefined,
      includeKeyPerformanceArea: source.includeKeyPerformanceArea,
      ...values,
    },
    // the link to the source is read-only to clients; the cascade sets it and the audit trail shows it
    { checked: true, set: link ? { cascadedFromId: source.id } : undefined },
  );
  const [areas, kpis] = await Promise.all([
    ctx.tx.query(
      `SELECT id, name, perspective_id AS "perspectiveId", weight FROM performance_kpa WHERE company_id = $1 AND scorecard_id = $2 ORDER BY id`,
      [ctx.companyId, source.id],
    ),
    ctx.tx.query(
      `SELECT id, key_performance_area_id AS "keyPerformanceAreaId", name, perspective_id AS "perspectiveId", kpi_type AS "kpiType", option_type AS "optionType", weight, baseline, target,
              to_char(target_date, 'YYYY-MM-DD') AS "targetDate", periodic_target1 AS "periodicTarget1", periodic_target2 AS "periodicTarget2", periodic_target3 AS "periodicTarget3",
              periodic_target4 AS "periodicTarget4", manual_baseline AS "manualBaseline", manual_target AS "manualTarget"
         FROM performance_kpi WHERE company_id = $1 AND scorecard_id = $2 ORDER BY id`,
      [ctx.companyId, source.id],
    ),
  ]);
  const copiedAreas = await addRecords(
    ctx,
    kpaEntity,
    areas.map((a) => ({
      input: present({ name: a.name, perspectiveId: a.perspectiveId, weight: a.weight, scorecardId: copy.id }),
    })),
  );
  const areaOf = new Map<unknown, unknown>(areas.map((a, i) => [a.id, copiedAreas[i].id]));
  await addRecords(
    ctx,
    kpiEntity,
    kpis.map((k) => ({
      // the definition travels, the ratings and results do not
      input: {
        ...present(Object.fromEntries(EDITABLE_KPI_FIELDS.filter((f) => !RESULTS.has(f)).map((f) => [f, k[f]]))),
        scorecardId: copy.id,
        keyPerformanceAreaId: areaOf.get(k.keyPerformanceAreaId) ?? undefined,
      },
      // the a… fields are read-only to clients; the cascade sets them and the audit trail shows it
      set: link
        ? {
            aKpiId: k.id,
            aBaseline: k.baseline,
            aTarget: k.target,
            aManualBaseline: k.manualBaseline,
            aManualTarget: k.manualTarget,
          }
        : undefined,
    })),
  );
  return { ...copy, cascadedFromId: link ? source.id : null };
}

const present = (r: Row) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null && v !== undefined));

/** Cascades a corporate (or unit) scorecard to units of the organisation's levels and to employees: one linked copy each. */
export const cascade: CommandHook = async (ctx, entity, input) => {
  validateInput(CASCADE_INPUT, input);
  const source = await fetchOne(ctx, entity, input.id, true);
  // (an employee, functional or library scorecard is not cascaded: the command's declared condition, entity.json)
  const targets = CASCADE_TARGETS.map((t) => ({ ...t, list: (input[t.input] ?? []) as number[] }));
  if (!targets.some((t) => t.list.length))
    throw AppError.validation([wordedProblem('employeeIds', text('refusal.scorecard.cascadeToNobody'))]);
  await refuseOutsideScope(ctx, entity, source, targets);
  const made: Row[] = [];
  for (const { level, field, list } of targets) {
    if (!list.length) continue;
    const column = field.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
    const already = await ctx.tx.query(
      `SELECT ${column} AS "${field}" FROM performance_scorecard WHERE company_id = $1 AND cascaded_from_id = $2 AND ${column} = ANY($3) ORDER BY id`,
      [ctx.companyId, source.id, list],
    );
    if (already.length)
      throw AppError.worded(
        'conflict',
        text('refusal.scorecard.cascadedAlready', {
          entity: entityLabel(ctx.registry.entity(level)),
          names: (await titlesOf(ctx, entity, field, already)).join(', '),
        }),
      );
    await refuseSecondScorecard(ctx, entity, source, level, field, list, 'refusal.scorecard.hasScorecardAlready');
    for (const target of list) made.push(await copyScorecard(ctx, source, { level, [field]: target }, true));
  }
  return made;
};

/** The titles of the records the rows name in `field` (a business unit's name, an employee's full name), once each. */
async function titlesOf(ctx: CallContext, entity: EntityDef, field: string, rows: Row[]): Promise<string[]> {
  await attachReferenceTitles(ctx, entity, rows);
  return [...new Set(rows.map((r) => (r._titles as Record<string, string> | undefined)?.[field] ?? String(r[field])))];
}

/**
 * A unit's scorecard goes down to the units directly under it and its own employees only (cascadeScope): cascaded to another unit,
 * or to an employee elsewhere, the copy would count in averages the unit's targets were never set for.
 */
async function refuseOutsideScope(
  ctx: CallContext,
  entity: EntityDef,
  source: Row,
  targets: (CascadeTarget & { list: number[] })[],
): Promise<void> {
  const scope = cascadeScope(source);
  if (!scope.within) return;
  const { field, id } = scope.within;
  const column = field.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
  const outside: Row[] = [];
  for (const t of targets) {
    if (!t.list.length) continue;
    if (!scope.targets.some((s) => s.level === t.level)) {
      outside.push(...t.list.map((target) => ({ [t.field]: target })));
      continue;
    }
    const table = t.level.replaceAll('-', '_');
    const rows = await ctx.tx.query(
      `SELECT id FROM ${table} WHERE company_id = $1 AND id = ANY($2) AND ${column} IS DISTINCT FROM $3 ORDER BY id`,
      [ctx.companyId, t.list, id],
    );
    outside.push(...rows.map((r) => ({ [t.field]: r.id })));
  }
  if (!outside.length) return;
  const names: string[] = [];
  for (const t of CASCADE_TARGETS) {
    const named = outside.filter((r) => r[t.field] !== undefined);
    if (named.length) names.push(...(await titlesOf(ctx, entity, t.field, named)));
  }
  const [unit] = await titlesOf(ctx, entity, field, [{ [field]: id }]);
  throw AppError.worded('conflict', text('refusal.scorecard.cascadeOutsideUnit', { names: names.join(', '), unit }));
}

/** A library scorecard copied for one employee, by that employee, their supervisor or a module admin. */
export const copyFromLibrary: CommandHook = async (ctx, entity, input) => {
  validateInput(COPY_FROM_LIBRARY_INPUT, input);
  const source = await fetchOne(ctx, entity, input.libraryId);
  if (source.level !== 'library')
    throw AppError.validation([
      wordedProblem('libraryId', text('refusal.scorecard.notLibrary', { id: Number(source.id) })),
    ]);
  const command = entity.commands.find((c) => c.name === 'copy-from-library')!;
  await assertRecordAllowed(
    ctx.tx,
    entity,
    command.access,
    ctx.actor,
    { employeeId: input.employeeId, level: 'employee' },
    text('refusal.access.copyLibraryScorecard'),
  );
  return copyScorecard(ctx, source, { level: 'employee', employeeId: input.employeeId }, false);
};

/** Deletes every employee scorecard (employee and functional) of an annual plan, annual or periodic; one audit entry each. */
export const deleteAllEmployeeScorecards: CommandHook = async (ctx, entity, input) => {
  validateInput(DELETE_ALL_EMPLOYEE_INPUT, input);
  await fetchOne(ctx, ctx.registry.entity('annual-plan'), input.annualPlanId);
  const deleted = await rowsForWrite(
    ctx,
    entity,
    `annual_plan_id = $2 AND level IN ('employee', 'functional') AND ($3::text IS NULL OR period = $3)`,
    [input.annualPlanId, input.period ?? null],
  );
  await deleteRecords(ctx, entity, deleted, 'delete-all-employee');
  return { deleted: deleted.length };
};

import { AppError } from '../../app-error.ts';
import { text } from '../../i18n/text.ts';
import type { Row } from '../../db/db.ts';
import type { EntityDef } from '../../metadata/registry.ts';
import { deleteRecords, rowsForWrite } from '../../records/bulk-writes.ts';
import { addRecord, applyUpdate, fetchOne, readRecord, staleVersion } from '../../records/record-store.ts';
import { validateInput, validateRecord, wordedProblem } from '../../records/record-validator.ts';
import type { CallContext } from '../../records/call-context.ts';
import type { CommandHook } from '../hook-registry.ts';
import { assertMayRate, scorecardFor } from './scorecard-access.ts';
import { assertScores, scorecardRatingRange } from './rating-range.ts';

/** What a person sets on a KPI in the editor; actuals, the a… links and the display copies are set elsewhere. */
export const EDITABLE_KPI_FIELDS = [
  'name',
  'perspectiveId',
  'kpiType',
  'optionType',
  'weight',
  'baseline',
  'target',
  'targetDate',
  'periodicTarget1',
  'periodicTarget2',
  'periodicTarget3',
  'periodicTarget4',
  'manualBaseline',
  'manualTarget',
  'manualRatingScore',
  'adjustedScore',
  'ytd',
] as const;

const kpiItem = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: { id: { type: 'integer', minimum: 1 }, ...Object.fromEntries(EDITABLE_KPI_FIELDS.map((f) => [f, {}])) },
};
/** The command's body (also the OpenAPI document's). */
export const SAVE_KPIS_INPUT = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1 },
    version: { type: 'integer', minimum: 1 },
    keyPerformanceAreas: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'kpis'],
        additionalProperties: false,
        properties: {
          id: { type: 'integer', minimum: 1 },
          name: { type: 'string' },
          perspectiveId: { type: ['integer', 'null'] },
          kpis: { type: 'array', items: kpiItem },
        },
      },
    },
    kpis: { type: 'array', items: kpiItem },
  },
};

/** The kind of default target date that applies to a scorecard. */
export function defaultTargetDateKind(s: Row): string {
  const employee = s.level === 'employee' || s.level === 'functional' || s.level === 'library';
  return `${s.period === 'Periodic' ? 'periodic-' : ''}${employee ? 'employee' : 'corporate'}`;
}

/**
 * Saves a scorecard's key performance areas and KPIs as the editor shows them, in one transaction: listed ones are
 * changed, new ones added, missing ones deleted; only while the scorecard is a draft, and as far as it is built.
 */
export const saveKpis: CommandHook = async (ctx, entity, input) => {
  validateInput(SAVE_KPIS_INPUT, input);
  const scorecard = await scorecardFor(ctx, entity, input.id, 'save-kpis');
  if (input.version !== undefined && input.version !== scorecard.version) throw staleVersion(entity);
  // "only while Draft" is the command's declared condition (entity.json): the scorecard's lock leaves the KPIs' actuals
  // open after approval, which this structural save must not touch
  const withKpa = scorecard.includeKeyPerformanceArea === 'Yes';
  const areas = (input.keyPerformanceAreas ?? []) as Row[];
  const loose = (input.kpis ?? []) as Row[];
  if (withKpa && loose.length)
    throw AppError.validation([wordedProblem('kpis', text('refusal.scorecard.kpisInAreas'))]);
  if (!withKpa && areas.length)
    throw AppError.validation([wordedProblem('keyPerformanceAreas', text('refusal.scorecard.noAreas'))]);
  const allKpis = withKpa ? areas.flatMap((a) => a.kpis as Row[]) : loose;
  // a draft is saved however far it is built (weights short of 100, an area without KPIs, a KPI without target):
  // approving it asks for all of that (scorecard-weights.ts), and the editor lists what is still missing
  // a hand rating is a rating of the plan's scale
  if (allKpis.some((k) => k.manualRatingScore != null)) {
    const range = await scorecardRatingRange(ctx, scorecard.id);
    allKpis.forEach((k) =>
      assertScores(ctx, 'performance-kpi', k, ['manualRatingScore'], range, { pathPrefix: 'kpis.' }),
    );
  }

  const kpaEntity = ctx.registry.entity('performance-kpa');
  const kpiEntity = ctx.registry.entity('performance-kpi');
  const [storedAreas, storedKpis] = await Promise.all([
    ctx.tx.query(`SELECT id FROM performance_kpa WHERE company_id = $1 AND scorecard_id = $2`, [
      ctx.companyId,
      scorecard.id,
    ]),
    ctx.tx.query(
      `SELECT id, manual_rating_score AS "manualRatingScore" FROM performance_kpi WHERE company_id = $1 AND scorecard_id = $2`,
      [ctx.companyId, scorecard.id],
    ),
  ]);
  const areaIds = new Set(storedAreas.map((r) => r.id));
  const kpiIds = new Set(storedKpis.map((r) => r.id));
  for (const a of areas)
    if (a.id !== undefined && !areaIds.has(a.id))
      throw AppError.validation([
        wordedProblem('keyPerformanceAreas', text('refusal.scorecard.strangeArea', { id: String(a.id) })),
      ]);
  for (const k of allKpis)
    if (k.id !== undefined && !kpiIds.has(k.id))
      throw AppError.validation([wordedProblem('kpis', text('refusal.scorecard.strangeKpis', { ids: String(k.id) }))]);

  // a hand rating is the supervisor's (rate-kpis), also while the scorecard is built: one the save would change
  const storedRating = new Map(
    storedKpis.map((r) => [r.id, r.manualRatingScore == null ? null : Number(r.manualRatingScore)]),
  );
  if (
    allKpis.some(
      (k) =>
        k.manualRatingScore !== undefined &&
        (k.manualRatingScore ?? null) !== (k.id === undefined ? null : (storedRating.get(k.id) ?? null)),
    )
  )
    await assertMayRate(ctx, entity, scorecard);

  const defaultDate = await ctx.tx.query<{ targetDate: string }>(
    `SELECT target_date AS "targetDate" FROM default_target_date WHERE company_id = $1 AND annual_plan_id = $2 AND kind = $3`,
    [ctx.companyId, scorecard.annualPlanId, defaultTargetDateKind(scorecard)],
  );
  const keptAreas = new Set(areas.map((a) => a.id).filter(Boolean));
  const keptKpis = new Set(allKpis.map((k) => k.id).filter(Boolean));
  await deleteRecords(
    ctx,
    kpiEntity,
    await rowsForWrite(ctx, kpiEntity, 'id = ANY($2)', [[...kpiIds].filter((id) => !keptKpis.has(id))]),
  );
  await deleteRecords(
    ctx,
    kpaEntity,
    await rowsForWrite(ctx, kpaEntity, 'id = ANY($2)', [[...areaIds].filter((id) => !keptAreas.has(id))]),
  );

  const saveKpi = async (k: Row, keyPerformanceAreaId: unknown) => {
    const { id, ...fields } = k;
    const values: Row = { ...fields, keyPerformanceAreaId: keyPerformanceAreaId ?? null };
    if (!values.targetDate && defaultDate[0]) values.targetDate = defaultDate[0].targetDate;
    if (id === undefined)
      return addRecord(ctx, kpiEntity, { ...stripNulls(values), scorecardId: scorecard.id }, { checked: true });
    return saveChanges(ctx, kpiEntity, Number(id), values);
  };
  if (withKpa) {
    for (const a of areas) {
      const weight = (a.kpis as Row[]).reduce((s, k) => s + Number(k.weight ?? 0), 0);
      const fields = { name: a.name, perspectiveId: a.perspectiveId ?? null, weight };
      const area =
        a.id === undefined
          ? await addRecord(ctx, kpaEntity, { ...stripNulls(fields), scorecardId: scorecard.id }, { checked: true })
          : await saveChanges(ctx, kpaEntity, Number(a.id), fields);
      for (const k of a.kpis as Row[]) await saveKpi(k, area.id);
    }
  } else for (const k of loose) await saveKpi(k, null);
  return readRecord(ctx, entity, scorecard.id);
};

const stripNulls = (r: Row) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null && v !== undefined));

/** Writes only what differs, each value checked against its field as an update would be. */
async function saveChanges(ctx: CallContext, entity: EntityDef, id: number, values: Row): Promise<Row> {
  const before = await fetchOne(ctx, entity, id, true);
  const changes = Object.fromEntries(Object.entries(values).filter(([k, v]) => (v ?? null) !== (before[k] ?? null)));
  if (!Object.keys(changes).length) return before;
  validateRecord(entity, 'update', { id, version: before.version, ...changes });
  return applyUpdate(ctx, entity, before, changes, 'update');
}

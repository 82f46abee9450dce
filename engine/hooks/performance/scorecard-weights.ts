import { AppError } from '../../app-error.ts';
import { text } from '../../i18n/text.ts';
import { wordedProblem } from '../../records/record-validator.ts';
import type { TransitionHook } from '../hook-registry.ts';
import { approvalGaps, type AreaInProgress, type KpiInProgress } from './scorecard-readiness.ts';

const figure = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * Approving a scorecard needs it complete (scorecard-readiness.ts): its KPIs, each area with KPIs, each quantitative
 * KPI with its target, weights totalling 100. Refused with everything still missing, in the caller's language.
 */
export const checkWeights: TransitionHook<'performance-scorecard'> = async (ctx, _entity, scorecard) => {
  const [areas, kpis] = await Promise.all([
    ctx.tx.query<{ id: number; name: string }>(
      `SELECT id, name FROM performance_kpa WHERE company_id = $1 AND scorecard_id = $2 ORDER BY id`,
      [ctx.companyId, scorecard.id],
    ),
    ctx.tx.query(
      `SELECT key_performance_area_id AS "areaId", name, kpi_type AS "kpiType", weight, target,
              periodic_target1 AS "periodicTarget1", periodic_target2 AS "periodicTarget2", periodic_target3 AS "periodicTarget3", periodic_target4 AS "periodicTarget4"
         FROM performance_kpi WHERE company_id = $1 AND scorecard_id = $2 ORDER BY id`,
      [ctx.companyId, scorecard.id],
    ),
  ]);
  const kpi = (r: Record<string, unknown>): KpiInProgress => ({
    name: r.name as string,
    kpiType: r.kpiType as string | null,
    weight: figure(r.weight),
    target: figure(r.target),
    periodicTarget1: figure(r.periodicTarget1),
    periodicTarget2: figure(r.periodicTarget2),
    periodicTarget3: figure(r.periodicTarget3),
    periodicTarget4: figure(r.periodicTarget4),
  });
  const withAreas = scorecard.includeKeyPerformanceArea === 'Yes';
  const built: AreaInProgress[] = withAreas
    ? areas.map((a) => ({ name: a.name, kpis: kpis.filter((k) => Number(k.areaId) === Number(a.id)).map(kpi) }))
    : [{ kpis: kpis.map(kpi) }];
  const gaps = approvalGaps(built, withAreas);
  if (!gaps.length) return;
  const said = text('scorecard.notReadyForApproval', { gaps: { list: gaps, join: 'and' } });
  throw AppError.worded('validation_failed', said, [wordedProblem('kpiList', said)]);
};

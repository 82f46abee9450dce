import { text, type Text } from '../../i18n/text.ts';

/** A KPI as far as it is built: what approval asks of it. */
export interface KpiInProgress {
  name?: string | null;
  kpiType?: string | null;
  weight?: number | null;
  target?: number | null;
  periodicTarget1?: number | null;
  periodicTarget2?: number | null;
  periodicTarget3?: number | null;
  periodicTarget4?: number | null;
}
/** A key performance area as far as it is built (a scorecard without areas holds its KPIs in one unnamed area). */
export interface AreaInProgress {
  name?: string | null;
  kpis: readonly KpiInProgress[];
}

const blank = (v: string | null | undefined) => !v?.trim();
const given = (v: number | null | undefined) => v !== null && v !== undefined && Number.isFinite(v);
/** A quantitative KPI is scored against its target, or each quarter against that quarter's target. */
const hasTarget = (k: KpiInProgress) =>
  given(k.target) || [k.periodicTarget1, k.periodicTarget2, k.periodicTarget3, k.periodicTarget4].every(given);

/**
 * What a scorecard still lacks before it can be approved, each as a text to show (empty: it is complete): a KPI at
 * all, every key performance area named and with KPIs, every KPI named, every quantitative KPI with its target, and
 * weights totalling 100. A draft is saved however far it is built; approval asks for all of this. One judgement for
 * the editor (which lists it while one types) and the approve transition (which refuses with it).
 */
export function approvalGaps(areas: readonly AreaInProgress[], withAreas: boolean): Text[] {
  const gaps: Text[] = [];
  const kpis = areas.flatMap((a) => a.kpis);
  if (!kpis.length) return [text('scorecard.gap.noKpis')];
  if (withAreas)
    for (const a of areas) {
      if (blank(a.name)) gaps.push(text('scorecard.gap.areaWithoutName'));
      else if (!a.kpis.length) gaps.push(text('scorecard.gap.areaWithoutKpis', { area: a.name!.trim() }));
    }
  for (const k of kpis) {
    if (blank(k.name)) gaps.push(text('scorecard.gap.kpiWithoutName'));
    else if ((k.kpiType ?? 'Quantitative') === 'Quantitative' && !hasTarget(k))
      gaps.push(text('scorecard.gap.kpiWithoutTarget', { kpi: k.name!.trim() }));
  }
  const total = Math.round(kpis.reduce((s, k) => s + (given(k.weight) ? k.weight! : 0), 0) * 100) / 100;
  if (total !== 100) gaps.push(text('scorecard.gap.weights', { total }));
  return gaps;
}

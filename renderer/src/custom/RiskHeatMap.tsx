import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Chart } from '../widgets/Chart.tsx';
import * as echarts from 'echarts/core';
import { HeatmapChart } from 'echarts/charts';
import { GridComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsOption } from 'echarts';
import type { TFunction } from 'i18next';
import { get } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { formatFigure, formatNumber } from '../format/formats.ts';
import { optionLabel } from '../meta/labels.ts';
import { useMeta } from '../meta/meta-context.tsx';
import type { ScreenMeta } from '../meta/meta-types.ts';
import { screensOf } from '../screens/entity-screens.ts';
import { riskColour } from '../../../engine/hooks/risk-management/risk.ts';
import type { HeatMapCell } from '../../../engine/hooks/risk-management/heat-map-cells.ts';

// Only what a heat map needs, so that this screen's chunk stays small and no other screen loads ECharts.
echarts.use([HeatmapChart, GridComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

type View = 'inherent' | 'residual';
type Row = Record<string, any>;
interface HeatMap {
  impacts: string[];
  likelihoods: string[];
  cells: HeatMapCell[];
}
interface Selected {
  view: View;
  impact: string;
  likelihood: string;
}

/** The spec's colour names, as softer shades that keep the counts readable. */
const SHADES: Record<ReturnType<typeof riskColour>, string> = {
  green: '#4caf50',
  yellow: '#ffd54f',
  orange: '#ff9800',
  red: '#e53935',
};
const LEVELS = ['Low', 'Moderate', 'High', 'Extreme'] as const;
/** The plot area inside each chart, in pixels: the browser test finds a cell's centre from it. */
const GRID = { left: 110, right: 16, top: 16, bottom: 56 };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** One 5 × 5 matrix (likelihood across, impact up), each cell coloured by its rating's level and labelled with its count. */
function matrixOption(map: HeatMap, view: View, t: TFunction): EChartsOption {
  return {
    animation: false,
    grid: { ...GRID, containLabel: false },
    tooltip: {
      formatter: (p: unknown) => {
        const c = map.cells[(p as { dataIndex: number }).dataIndex];
        const rows = [
          [t('field.impact'), optionLabel(t, c.impact)],
          [t('field.likelihood'), optionLabel(t, c.likelihood)],
          [t('field.rating'), `${optionLabel(t, c.rating)} (${formatNumber(c.ratingScore)})`],
          [t(view === 'inherent' ? 'risk.heatMap.inherent' : 'risk.heatMap.residual'), formatNumber(c[view])],
        ];
        // a rating's level (High) is worded in the language, a company's own name left as it is: escape it, as every value shown in the tooltip's HTML
        return rows.map(([k, v]) => `${escapeHtml(k)}: ${escapeHtml(v)}`).join('<br/>');
      },
    },
    // every likelihood named under its column, a long one (Bengali) wrapped in it rather than dropped by ECharts
    xAxis: {
      type: 'category',
      data: map.likelihoods.map((l) => optionLabel(t, l)),
      axisLabel: { interval: 0, width: 90, overflow: 'break' },
      name: t('field.likelihood'),
      nameLocation: 'middle',
      nameGap: 32,
      splitArea: { show: true },
    },
    yAxis: {
      type: 'category',
      data: map.impacts.map((i) => optionLabel(t, i)),
      name: t('field.impact'),
      nameLocation: 'middle',
      nameGap: 96,
      splitArea: { show: true },
    },
    // the cell's colour is its level (fourth value), not its count
    visualMap: {
      type: 'piecewise',
      show: false,
      dimension: 3,
      pieces: LEVELS.map((level, i) => ({ value: i, color: SHADES[riskColour(level)] })),
    },
    series: [
      {
        type: 'heatmap',
        data: map.cells.map((c) => [
          map.likelihoods.indexOf(c.likelihood),
          map.impacts.indexOf(c.impact),
          c[view],
          LEVELS.indexOf(c.level as (typeof LEVELS)[number]),
        ]),
        label: {
          show: true,
          fontSize: 15,
          fontWeight: 'bold',
          formatter: (p: unknown) =>
            (p as { value: number[] }).value[2] ? formatNumber((p as { value: number[] }).value[2]) : '',
        },
        itemStyle: { borderColor: '#fff', borderWidth: 2 },
        emphasis: { itemStyle: { borderColor: '#333', borderWidth: 2 } },
      },
    ],
  };
}

/**
 * The risk heat map: the company's 5 × 5 matrix twice, inherent risks and residual risks (after controls), each cell
 * coloured by the rating the matrix gives it (riskColour) and showing how many risks fall in it; a click lists them.
 */
export default function RiskHeatMap(_: { screen: ScreenMeta }) {
  const { t } = useTranslation();
  const meta = useMeta();
  const { loading, run } = useCall();
  const [kind, setKind] = useState('');
  const [map, setMap] = useState<HeatMap | null>(null);
  const [selected, setSelected] = useState<Selected | null>(null);
  const [risks, setRisks] = useState<{ list: Row[]; total: number } | null>(null);
  const edit = screensOf(meta, 'risk').edit;

  useEffect(() => {
    void run('error.getRiskHeatMap', () => get('risk/heat-map', { kind: kind || undefined })).then(
      (d) => d && setMap(d.heatMap),
    );
  }, [kind, run]);

  const open = useCallback(
    async (s: Selected) => {
      setSelected(s);
      setRisks(null);
      const d = await run('error.getRiskHeatMap', () =>
        get('risk/in-cell', {
          impact: s.impact,
          likelihood: s.likelihood,
          view: s.view,
          kind: kind || undefined,
          limit: 100,
        }),
      );
      if (d) setRisks(d.cell);
    },
    [kind, run],
  );
  useEffect(() => {
    setSelected(null);
    setRisks(null);
  }, [kind]);

  const options = useMemo(
    () => (map ? { inherent: matrixOption(map, 'inherent', t), residual: matrixOption(map, 'residual', t) } : null),
    [map, t],
  );
  const viewLabel = (v: View) => t(v === 'inherent' ? 'risk.heatMap.inherent' : 'risk.heatMap.residual');

  return (
    <section data-screen="risk-heat-map">
      <h1>{t('screen.riskHeatMap')}</h1>
      <div className="toolbar">
        <label htmlFor="risk-kind">{t('field.riskKind')}</label>
        <select
          id="risk-kind"
          className="input"
          style={{ maxWidth: 260 }}
          value={kind}
          onChange={(e) => setKind(e.target.value)}
        >
          <option value="">{t('risk.heatMap.allKinds')}</option>
          <option value="Strategic">{optionLabel(t, 'Strategic')}</option>
          <option value="Operational">{optionLabel(t, 'Operational')}</option>
        </select>
      </div>
      {!options || !map ? (
        <p aria-busy="true">{t('shell.loading')}</p>
      ) : (
        <div className="row" style={{ flexWrap: 'wrap', alignItems: 'flex-start', gap: 16 }}>
          {(['inherent', 'residual'] as const).map((view) => (
            <div key={view} className="card" style={{ flex: '1 1 420px', minWidth: 380 }}>
              <h2>{viewLabel(view)}</h2>
              <div
                data-heat-map={view}
                data-grid={JSON.stringify(GRID)}
                data-impacts={JSON.stringify(map.impacts)}
                data-likelihoods={JSON.stringify(map.likelihoods)}
              >
                <Chart
                  echarts={echarts}
                  option={options[view]}
                  notMerge
                  style={{ height: 380, width: '100%' }}
                  onEvents={{
                    click: (p: { dataIndex: number }) => {
                      const c = map.cells[p.dataIndex];
                      if (c) void open({ view, impact: c.impact, likelihood: c.likelihood });
                    },
                  }}
                />
              </div>
              {view === 'residual' && <p className="muted">{t('risk.residualDescription')}</p>}
            </div>
          ))}
        </div>
      )}
      <div className="card" data-testid="cell-risks" aria-live="polite">
        {!selected ? (
          <p className="muted">{t('risk.heatMap.chooseCell')}</p>
        ) : (
          <>
            <h2>
              {t('risk.heatMap.cellRisks', {
                view: viewLabel(selected.view),
                impact: optionLabel(t, selected.impact),
                likelihood: optionLabel(t, selected.likelihood),
              })}
            </h2>
            {loading && !risks ? (
              <p aria-busy="true">{t('shell.loading')}</p>
            ) : !risks?.list.length ? (
              <p className="muted">{t('shell.noRecords')}</p>
            ) : (
              <table className="table">
                <thead>
                  <tr>
                    <th>{t('field.name')}</th>
                    <th>{t('field.riskKind')}</th>
                    <th>{t('field.inherentRating')}</th>
                    <th>{t('field.residualRating')}</th>
                  </tr>
                </thead>
                <tbody>
                  {risks.list.map((r) => (
                    <tr key={r.id} data-risk-id={r.id}>
                      <td>{edit ? <Link to={`${edit.path}?id=${r.id}`}>{r.name}</Link> : r.name}</td>
                      <td>{optionLabel(t, r.kind)}</td>
                      <td>
                        {optionLabel(t, r.rating)} ({formatFigure(r.ratingScore)})
                      </td>
                      <td>
                        {r.residualRating
                          ? `${optionLabel(t, r.residualRating)} (${formatFigure(r.residualRatingScore)})`
                          : '—'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {risks && risks.total > risks.list.length && (
              <p className="muted">{t('shell.records', { count: risks.total })}</p>
            )}
          </>
        )}
      </div>
    </section>
  );
}

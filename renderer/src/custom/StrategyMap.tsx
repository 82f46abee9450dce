import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Chart } from '../widgets/Chart.tsx';
import * as echarts from 'echarts/core';
import { GraphChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsOption } from 'echarts';
import { get } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { formatFigure, formatNumber, formatPercent } from '../format/formats.ts';
import type { ScreenMeta } from '../meta/meta-types.ts';
import {
  BAND_COLOURS,
  type MapEdge,
  type MapNode,
} from '../../../engine/hooks/strategy-management/strategy-map-graph.ts';

// Only what a graph needs, so that this screen's chunk stays small and no other strategy screen loads ECharts.
echarts.use([GraphChart, TooltipComponent, CanvasRenderer]);

interface StrategyMapData {
  plan: { id: number; description: string };
  bands: { rating: number; min: number; max: number; colour?: string | null }[];
  nodes: MapNode[];
  edges: MapEdge[];
}

const COLUMN = 190;
const ROW = 120;
const SIZE: Record<MapNode['kind'], number> = { perspective: 58, pillar: 64, objective: 46 };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * Where each node sits: the pillars along the top, each perspective as a row below (objectives without one in a last
 * row), and each objective in its perspective's row under its own pillar, side by side when a pillar has several
 * there; fixed positions, so that the map reads the same every time and its links seldom cross.
 */
export function layout(map: StrategyMapData): Map<string, [number, number]> {
  const at = new Map<string, [number, number]>();
  const pillars = map.nodes.filter((n) => n.kind === 'pillar');
  const perspectives = map.nodes.filter((n) => n.kind === 'perspective');
  const rowOf = new Map(perspectives.map((p, i) => [p.key, i + 1]));
  const sourceOf = (o: MapNode, kind: string) =>
    map.edges.find((e) => e.target === o.key && e.kind === 'contains' && e.source.startsWith(`${kind}:`))?.source;
  const objectives = map.nodes.filter((n) => n.kind === 'objective');
  const cellOf = (o: MapNode) => {
    const perspective = sourceOf(o, 'perspective');
    return {
      row: perspective ? rowOf.get(perspective)! : perspectives.length + 1,
      pillar: Math.max(
        0,
        pillars.findIndex((p) => p.key === sourceOf(o, 'pillar')),
      ),
    };
  };
  // a pillar's column is as wide as its most crowded cell
  const inCell = new Map<string, number>();
  for (const o of objectives) {
    const c = cellOf(o);
    inCell.set(`${c.row}:${c.pillar}`, (inCell.get(`${c.row}:${c.pillar}`) ?? 0) + 1);
  }
  const widthOf = (pillar: number) =>
    COLUMN * Math.max(1, ...[...inCell].filter(([k]) => k.endsWith(`:${pillar}`)).map(([, n]) => n));
  const left: number[] = [];
  pillars.forEach((_, i) => (left[i] = i === 0 ? COLUMN : left[i - 1] + widthOf(i - 1)));
  pillars.forEach((p, i) => at.set(p.key, [left[i] + (widthOf(i) - COLUMN) / 2, 0]));
  perspectives.forEach((p, i) => at.set(p.key, [0, ROW * (i + 1)]));
  const placed = new Map<string, number>();
  for (const o of objectives) {
    const c = cellOf(o);
    const k = placed.get(`${c.row}:${c.pillar}`) ?? 0;
    placed.set(`${c.row}:${c.pillar}`, k + 1);
    at.set(o.key, [(left[c.pillar] ?? COLUMN) + COLUMN * k, ROW * c.row]);
  }
  return at;
}

function option(map: StrategyMapData, t: (k: string, o?: Record<string, unknown>) => string): EChartsOption {
  const at = layout(map);
  return {
    animation: false,
    tooltip: {
      formatter: (p: unknown) => {
        const d = (p as { data: { node?: MapNode; edge?: MapEdge } }).data;
        if (d.edge) return escapeHtml(d.edge.description ?? t('strategyMap.causes'));
        const n = d.node!;
        const score =
          n.percent === null
            ? t('strategyMap.noScore')
            : t('strategyMap.score', { percent: formatNumber(n.percent), score: formatFigure(n.score) });
        return `${escapeHtml(n.name)}<br/>${escapeHtml(score)}`;
      },
    },
    series: [
      {
        type: 'graph',
        layout: 'none',
        roam: true,
        edgeSymbol: ['none', 'arrow'],
        label: { show: true, position: 'bottom', width: 150, overflow: 'break' },
        data: map.nodes.map((n) => ({
          id: n.key,
          name: n.name,
          node: n,
          x: at.get(n.key)![0],
          y: at.get(n.key)![1],
          symbol: n.kind === 'objective' ? 'circle' : 'roundRect',
          symbolSize: SIZE[n.kind],
          itemStyle: { color: n.colour, borderColor: '#37474f', borderWidth: n.kind === 'objective' ? 1 : 2 },
        })),
        links: map.edges.map((e) => ({
          source: e.source,
          target: e.target,
          edge: e,
          lineStyle:
            e.kind === 'causes'
              ? { color: '#6a1b9a', width: 2.5, curveness: 0.25 }
              : { color: '#b0bec5', type: 'dashed' as const, width: 1 },
          symbol: e.kind === 'causes' ? ['none', 'arrow'] : ['none', 'none'],
        })),
      },
    ],
  };
}

/**
 * The strategy map of a plan: its perspectives, pillars and objectives as a graph, each coloured by the band of its
 * current score (its measures and its initiatives' accepted reviews, scored by the plan's rating scale), with the
 * cause-and-effect links between objectives; clicking an objective opens it.
 */
export default function StrategyMap({ screen }: { screen: ScreenMeta }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const { loading, run } = useCall();
  const routePlan = matchPath(screen.path, pathname)?.params.id;
  const [plans, setPlans] = useState<{ id: number; description: string }[]>([]);
  const planId = routePlan ?? params.get('strategicPlanId') ?? (plans[0] ? String(plans[0].id) : undefined);
  const [map, setMap] = useState<StrategyMapData | null>(null);

  useEffect(() => {
    if (routePlan) return;
    void run('error.getAllStrategicPlan', () => get('strategic-plan', { limit: 100, sort: '-startDate' })).then(
      (d) => d && setPlans(d.list),
    );
  }, [routePlan, run]);
  useEffect(() => {
    if (!planId) return;
    setMap(null);
    void run('error.getStrategyMap', () => get('pillar-objective/map', { strategicPlanId: planId })).then(
      (d) => d && setMap(d.map),
    );
  }, [planId, run]);

  const chart = useMemo(() => (map ? option(map, t) : null), [map, t]);
  const objectivePath = (n: MapNode) =>
    `/app/strategy-management/strategic-plan/${map!.plan.id}/objective/edit/${n.id}`;
  const openObjective = (n: MapNode) => navigate(objectivePath(n));

  return (
    <section data-screen="strategy-map">
      <h1>{t('screen.strategyMap')}</h1>
      {!routePlan && (
        <div className="toolbar">
          <label htmlFor="strategy-map-plan">{t('entity.strategicPlan')}</label>
          <select
            id="strategy-map-plan"
            className="input"
            style={{ maxWidth: 320 }}
            value={planId ?? ''}
            onChange={(e) => setParams({ strategicPlanId: e.target.value })}
          >
            {plans.map((p) => (
              <option key={p.id} value={p.id}>
                {p.description}
              </option>
            ))}
          </select>
        </div>
      )}
      {!map || !chart ? (
        loading || planId ? (
          <p aria-busy="true">{t('shell.loading')}</p>
        ) : (
          <p className="muted">{t('shell.noRecords')}</p>
        )
      ) : (
        <>
          <div className="card">
            <h2>{map.plan.description}</h2>
            <Chart
              echarts={echarts}
              option={chart}
              notMerge
              style={{
                height: Math.max(380, ROW * (map.nodes.filter((n) => n.kind === 'perspective').length + 2) + 60),
                width: '100%',
              }}
              onEvents={{
                click: (p: { dataType?: string; data?: { node?: MapNode } }) => {
                  if (p.dataType === 'node' && p.data?.node?.kind === 'objective') openObjective(p.data.node);
                },
              }}
            />
            <p className="muted">
              {map.bands.map((b) => (
                <span key={b.rating} style={{ marginRight: 12 }}>
                  <span
                    aria-hidden
                    style={{
                      display: 'inline-block',
                      width: 12,
                      height: 12,
                      borderRadius: 6,
                      marginRight: 4,
                      background: b.colour || BAND_COLOURS[b.rating],
                      border: '1px solid #999',
                    }}
                  />
                  {t('strategyMap.band', { rating: b.rating, min: b.min, max: b.max })}
                </span>
              ))}
            </p>
          </div>
          {/* the same nodes as a list: readable without the canvas, and what a keyboard or a screen reader uses */}
          <div className="card">
            <table className="table" data-testid="strategy-map-nodes">
              <thead>
                <tr>
                  <th>{t('field.name')}</th>
                  <th>{t('strategyMap.kind')}</th>
                  <th>{t('field.achievementPercent')}</th>
                  <th>{t('field.rating')}</th>
                </tr>
              </thead>
              <tbody>
                {map.nodes.map((n) => (
                  <tr key={n.key} data-node={n.key} data-colour={n.colour} data-score={n.score ?? ''}>
                    <td>
                      <span
                        aria-hidden
                        style={{
                          display: 'inline-block',
                          width: 12,
                          height: 12,
                          borderRadius: 6,
                          marginRight: 6,
                          background: n.colour,
                        }}
                      />
                      {n.kind === 'objective' ? <Link to={objectivePath(n)}>{n.name}</Link> : n.name}
                    </td>
                    <td>{t(`strategyMap.${n.kind}`)}</td>
                    <td>{n.percent === null ? '—' : formatPercent(n.percent)}</td>
                    <td>{formatFigure(n.score)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { get } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { formatAmount, formatNumber, formatPercent } from '../format/formats.ts';
import { displayValue } from '../format/field-display.ts';
import { optionLabel, quarterName } from '../meta/labels.ts';
import type { ScreenMeta } from '../meta/meta-types.ts';

type Row = Record<string, any>;
interface Page {
  list: Row[];
  total: number;
}
/** One table of a report screen: the call that gives it and its title. */
interface Part {
  title: string;
  path: string;
  query: Record<string, string | number | undefined>;
  dataKey: string;
  error: string;
}

/** The column titles of the report figures, by the key the server gives them. */
const COLUMNS: Record<string, string> = {
  name: 'field.name',
  status: 'field.status',
  cycle: 'entity.performanceReviewCycle',
  quarterIndex: 'field.quarter',
  initiatives: 'report.initiatives',
  projects: 'report.projects',
  reviews: 'report.reviews',
  draft: 'option.draft',
  submitted: 'option.submitted',
  accepted: 'option.accepted',
  target: 'field.target',
  actual: 'field.actual',
  estimatedCost: 'field.estimatedCost',
  budgetSpent: 'field.budgetSpent',
  openRisks: 'report.openRisks',
  rating: 'field.rating',
  comment: 'field.comment',
  percent: 'field.achievementPercent',
};
const MONEY = new Set(['estimatedCost', 'budgetSpent']);

/** Which tables a report screen shows, from its path: the seven execution reports, the dashboard, the agency and the project reports. */
function partsOf(path: string, planId: string | undefined): Part[] {
  const execution = (by: string, title: string): Part => ({
    title,
    path: 'execution-plan/report',
    query: { by, executionPlanId: planId },
    dataKey: 'report',
    error: 'error.getExecution',
  });
  if (path.endsWith('/dashboard'))
    return [
      execution('annual-plans', 'screen.reportAnnualPlans'),
      execution('business-units', 'screen.reportBusinessUnits'),
    ];
  if (path.endsWith('/reports/agency'))
    return [
      {
        title: 'screen.agencyReport',
        path: 'agency-performance-review/report',
        query: { executionPlanId: planId },
        dataKey: 'report',
        error: 'error.getAgencyPerformanceReviewReport',
      },
    ];
  if (path.startsWith('/app/strategic-projects'))
    return (['type', 'pillar'] as const).map((by) => ({
      title: by === 'type' ? 'field.projectType' : 'entity.projectPillar',
      path: 'strategic-project/report',
      query: { by },
      dataKey: 'report',
      error: 'error.getProjectReport',
    }));
  if (path.startsWith('/app/strategy-management'))
    return [
      execution('objectives', 'screen.reportObjectives'),
      execution('business-units', 'screen.reportBusinessUnits'),
    ];
  const kind = path.split('/').pop()!;
  const titles: Record<string, string> = {
    'annual-plans': 'screen.reportAnnualPlans',
    'business-units': 'screen.reportBusinessUnits',
    objectives: 'screen.reportObjectives',
    initiatives: 'screen.reportInitiatives',
    'performance-reviews': 'screen.reportPerformanceReviews',
    all: 'screen.reportAll',
    annual: 'screen.reportAnnual',
  };
  return [execution(kind, titles[kind] ?? 'screen.reportAll')];
}

function ReportTable({ part }: { part: Part }) {
  const { t } = useTranslation();
  const { run } = useCall();
  const [page, setPage] = useState<Page | null>(null);
  const key = JSON.stringify(part);
  useEffect(() => {
    setPage(null);
    void run(part.error, () => get(part.path, { ...part.query, limit: 500 })).then(
      (d) => d && setPage(d[part.dataKey]),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, run]);
  if (!page) return <p aria-busy="true">{t('shell.loading')}</p>;
  if (!page.list.length) return <p className="muted">{t('shell.noRecords')}</p>;
  const columns = Object.keys(COLUMNS).filter((c) => page.list.some((r) => c in r));
  const cell = (c: string, v: unknown) => {
    if (v === null || v === undefined) return '—';
    if (c === 'status' || (c === 'name' && part.query.by === 'type')) return optionLabel(t, String(v));
    if (c === 'quarterIndex') return quarterName(t, Number(v));
    if (MONEY.has(c)) return formatAmount(Number(v));
    if (typeof v === 'number') return displayValue(t, c, { type: 'integer' }, v) ?? formatNumber(v);
    return String(v);
  };
  return (
    <>
      <table className="table" data-report={part.query.by ?? part.path}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c}>{t(COLUMNS[c])}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {page.list.map((r, i) => (
            <tr key={`${r.id ?? i}`} data-row={r.name}>
              {columns.map((c) =>
                c === 'percent' ? (
                  <td key={c} data-colour={r.colour ?? ''}>
                    {r.percent === null ? (
                      '—'
                    ) : (
                      <span className={`badge badge-${r.colour}`}>{formatPercent(r.percent)}</span>
                    )}
                  </td>
                ) : (
                  <td key={c}>{cell(c, r[c])}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {page.total > page.list.length && <p className="muted">{t('shell.records', { count: page.total })}</p>}
    </>
  );
}

/** The strategy-execution, agency and project reports and the execution dashboard: figures aggregated by the server, one table per grouping. */
export default function ExecutionReport({ screen }: { screen: ScreenMeta }) {
  const { t } = useTranslation();
  const { run } = useCall();
  const [params, setParams] = useSearchParams();
  const planId = params.get('executionPlanId') ?? undefined;
  const [plans, setPlans] = useState<{ id: number; name: string }[]>([]);
  const byPlan = !screen.path.startsWith('/app/strategic-projects');
  useEffect(() => {
    if (byPlan)
      void run('error.getExecutionPlans', () => get('execution-plan', { limit: 100 })).then(
        (d) => d && setPlans(d.list),
      );
  }, [byPlan, run]);
  return (
    <section data-screen="execution-report">
      <h1>{t(screen.label ?? 'screen.reportAll')}</h1>
      {byPlan && (
        <div className="toolbar">
          <label htmlFor="report-plan">{t('entity.executionPlan')}</label>
          <select
            id="report-plan"
            className="input"
            style={{ maxWidth: 320 }}
            value={planId ?? ''}
            onChange={(e) => setParams(e.target.value ? { executionPlanId: e.target.value } : {})}
          >
            <option value="">{t('report.allPlans')}</option>
            {plans.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {partsOf(screen.path, planId).map((part) => (
        <div className="card" key={part.title}>
          <h2>{t(part.title)}</h2>
          <ReportTable part={part} />
        </div>
      ))}
    </section>
  );
}

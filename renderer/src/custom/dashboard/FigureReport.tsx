import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Chart } from '../../widgets/Chart.tsx';
import type { EChartsOption } from 'echarts';
import { get } from '../../api/api-client.ts';
import { useCall } from '../../api/call-state.tsx';
import { formatAmount, formatDate, formatInteger, formatNumber } from '../../format/formats.ts';
import { optionLabel } from '../../meta/labels.ts';
import type { ScreenMeta } from '../../meta/meta-types.ts';
import { echarts } from './figure-charts.ts';

type Row = Record<string, any>;

/** What one report screen shows: the call, its error title, and the counts it charts as stacked bars. */
interface FigureSource {
  path: string;
  query?: Record<string, string>;
  error: string;
  /** the figures charted, one bar segment each; none: a table only */
  stack?: string[];
}

/** The report screens by path: personal development, the project reports and the project progress dashboards. */
const SOURCES: Record<string, FigureSource> = {
  '/app/reports/personal-development-reports': {
    path: 'employee-training/report',
    error: 'error.getPersonalDevelopmentReports',
    stack: ['requested', 'planned', 'completed', 'removed'],
  },
  '/app/reports/project-summary-reports': {
    path: 'project/summary-report',
    error: 'error.getProjectSummaryReport',
    stack: ['completedTasks', 'openTasksLeft'],
  },
  '/app/reports/project-progress-tasks-reports': {
    path: 'project/progress-report',
    query: { of: 'tasks' },
    error: 'error.getProjectProgressReport',
    stack: ['notStarted', 'inProgress', 'onHold', 'completed'],
  },
  '/app/reports/project-progress-risks-reports': {
    path: 'project/progress-report',
    query: { of: 'risks' },
    error: 'error.getProjectProgressReport',
    stack: ['notStarted', 'inProgress', 'implemented'],
  },
  '/app/reports/project-progress-mitigation-reports': {
    path: 'project/progress-report',
    query: { of: 'mitigation-strategies' },
    error: 'error.getProjectProgressReport',
    stack: ['inProgress', 'complete'],
  },
  '/app/reports/project-completed-tasks-reports': {
    path: 'project/progress-report',
    query: { of: 'completed-tasks' },
    error: 'error.getProjectProgressReport',
  },
  '/app/reports/project-completed-risks-reports': {
    path: 'project/progress-report',
    query: { of: 'completed-risks' },
    error: 'error.getProjectProgressReport',
  },
  '/app/reports/employee-projects-reports': {
    path: 'project/by-employee',
    error: 'error.getProjects',
    stack: ['tasks', 'openTasks'],
  },
  '/app/dashboard/project/progress-tasks': {
    path: 'project/progress-report',
    query: { of: 'tasks' },
    error: 'error.getProjectProgressReport',
    stack: ['notStarted', 'inProgress', 'onHold', 'completed'],
  },
  '/app/dashboard/project/progress-risks': {
    path: 'project/progress-report',
    query: { of: 'risks' },
    error: 'error.getProjectProgressReport',
    stack: ['notStarted', 'inProgress', 'implemented'],
  },
  '/app/dashboard/project/progress-mitigation-strategies': {
    path: 'project/progress-report',
    query: { of: 'mitigation-strategies' },
    error: 'error.getProjectProgressReport',
    stack: ['inProgress', 'complete'],
  },
};

/** The column titles of the figures, by the key the server gives them. */
export const FIGURE_TITLES: Record<string, string> = {
  name: 'field.name',
  fullName: 'field.fullName',
  unit: 'report.unit',
  project: 'entity.project',
  milestone: 'entity.milestone',
  status: 'field.status',
  rating: 'field.riskRating',
  total: 'report.total',
  requested: 'option.requested',
  planned: 'option.planned',
  notStarted: 'option.notStarted',
  inProgress: 'option.inProgress',
  onHold: 'option.onHold',
  completed: 'option.completed',
  implemented: 'option.implemented',
  complete: 'option.complete',
  removed: 'option.removed',
  overdue: 'option.overdue',
  milestones: 'screen.milestones',
  completedMilestones: 'screen.completedMilestones',
  tasks: 'screen.tasks',
  completedTasks: 'screen.completedTasks',
  openTasksLeft: 'report.openTasks',
  openTasks: 'report.openTasks',
  openTrainings: 'report.openTrainings',
  projects: 'report.projects',
  mitigationStrategies: 'screen.mitigationStrategies',
  scorecards: 'screen.employeeScorecards',
  accepted: 'option.accepted',
  approved: 'option.approved',
  draft: 'option.draft',
  estimatedCost: 'field.estimatedCost',
  budgetSpent: 'field.budgetSpent',
  remaining: 'field.remaining',
  tasksEstimatedCost: 'report.tasksEstimatedCost',
  tasksBudgetSpent: 'report.tasksBudgetSpent',
  openRisks: 'report.openRisks',
  completionDate: 'field.completionDate',
  percent: 'field.completion',
  completion: 'field.completion',
};
const MONEY = new Set(['estimatedCost', 'budgetSpent', 'remaining', 'tasksEstimatedCost', 'tasksBudgetSpent']);
const OPTIONS = new Set(['status', 'rating']);

/** One cell of a figure table, formatted the spec's way. */
export function figureCell(t: (k: string) => string, key: string, v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (
    OPTIONS.has(key) ||
    (key === 'name' && typeof v === 'string' && ['Extreme', 'High', 'Moderate', 'Low'].includes(v))
  )
    return optionLabel(t as never, String(v));
  if (MONEY.has(key)) return formatAmount(Number(v));
  if (key.endsWith('Date')) return formatDate(String(v));
  // a count as a count, any other figure (a completion of 62.5 %) with its decimals, both in the user's language
  if (typeof v === 'number') return Number.isInteger(v) ? formatInteger(v) : formatNumber(v);
  return String(v);
}

/** A table of rows whose known figures are its columns. */
export function FigureTable({ rows, testId }: { rows: Row[]; testId?: string }) {
  const { t } = useTranslation();
  if (!rows.length) return <p className="muted">{t('shell.noRecords')}</p>;
  const columns = Object.keys(FIGURE_TITLES).filter(
    (c) => c !== 'openTasksLeft' && rows.some((r) => c in r) && !(c === 'name' && rows.some((r) => 'fullName' in r)),
  );
  return (
    <table className="table" data-figures={testId}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c}>{t(FIGURE_TITLES[c])}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={`${r.id ?? i}`} data-row={r.fullName ?? r.name}>
            {columns.map((c) => (
              <td key={c}>{figureCell(t, c, r[c])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Stacked horizontal bars: one bar per row, one segment per figure. */
export function stackedBars(
  rows: Row[],
  stack: string[],
  label: (r: Row) => string,
  t: (k: string) => string,
): EChartsOption {
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { bottom: 0 },
    grid: { left: 8, right: 16, top: 8, bottom: 40, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: rows.map(label), inverse: true },
    series: stack.map((key) => ({
      type: 'bar',
      stack: 'all',
      name: t(FIGURE_TITLES[key]),
      data: rows.map((r) => Number(r[key] ?? 0)),
    })),
  };
}

/** The detailed project report: each project with its completed and not yet completed milestones. */
function ProjectDetails({ projectId }: { projectId?: string }) {
  const { t } = useTranslation();
  const { run } = useCall();
  const [rows, setRows] = useState<{ project: Row; completedMilestone: Row[]; inCompletedMilestone: Row[] }[] | null>(
    null,
  );
  useEffect(() => {
    void run('error.getProjectDetailReport', () =>
      get('project/detail-report', { ...(projectId ? { projectId } : {}), limit: 100 }),
    ).then((d) => setRows(d?.report?.list ?? []));
  }, [projectId, run]);
  if (rows === null) return <p aria-busy="true">{t('shell.loading')}</p>;
  if (!rows.length) return <p className="muted">{t('shell.noRecords')}</p>;
  return (
    <>
      {rows.map(({ project, completedMilestone, inCompletedMilestone }) => (
        <div className="card" key={project.id} data-project={project.name}>
          <h2>{project.name}</h2>
          <FigureTable rows={[project]} />
          <h3>{t('report.completedMilestones')}</h3>
          <FigureTable rows={completedMilestone} testId="completed-milestones" />
          <h3>{t('report.inCompletedMilestones')}</h3>
          <FigureTable rows={inCompletedMilestone} testId="incompleted-milestones" />
        </div>
      ))}
    </>
  );
}

/** The personal development, project and project progress reports: figures aggregated by the server, a chart and a table. */
export default function FigureReport({ screen }: { screen: ScreenMeta }) {
  const { t } = useTranslation();
  const { run } = useCall();
  const [params] = useSearchParams();
  const source = SOURCES[screen.path];
  const projectId = params.get('projectId') ?? undefined;
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => {
    if (!source) return;
    setRows(null);
    void run(source.error, () =>
      get(source.path, { ...source.query, ...(projectId ? { projectId } : {}), limit: 500 }),
    ).then((d) => {
      const list: Row[] = d?.report?.list ?? [];
      // the detail report nests; the summary charts what is left to do
      setRows(
        list.map((r) =>
          'tasks' in r && 'completedTasks' in r ? { ...r, openTasksLeft: r.tasks - r.completedTasks } : r,
        ),
      );
    });
  }, [source, projectId, run]);
  if (screen.path === '/app/reports/project-detailed-reports')
    return (
      <section data-screen="figure-report">
        <h1>{t(screen.label ?? 'screen.projectDetailedReport')}</h1>
        <ProjectDetails projectId={projectId} />
      </section>
    );
  if (!source) return <p className="muted">{t('shell.noRecords')}</p>;
  return (
    <section data-screen="figure-report">
      <h1>{t(screen.label ?? 'shell.dashboard')}</h1>
      {rows === null ? (
        <p aria-busy="true">{t('shell.loading')}</p>
      ) : (
        <>
          {source.stack && rows.length > 0 && (
            <div className="card" data-chart="figures">
              <Chart
                echarts={echarts}
                option={stackedBars(rows, source.stack, (r) => String(r.fullName ?? optionLabel(t, String(r.name))), t)}
                style={{ height: Math.max(160, rows.length * 36 + 60) }}
                notMerge
              />
            </div>
          )}
          <div className="card">
            <FigureTable rows={rows} testId={screen.path.split('/').pop()} />
          </div>
        </>
      )}
    </section>
  );
}

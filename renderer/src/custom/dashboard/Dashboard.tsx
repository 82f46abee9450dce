import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { EChartsOption } from 'echarts';
import { get } from '../../api/api-client.ts';
import { useCall } from '../../api/call-state.tsx';
import { formatInteger } from '../../format/formats.ts';
import { optionLabel } from '../../meta/labels.ts';
import { useMeta } from '../../meta/meta-context.tsx';
import { useSession } from '../../session/use-session.ts';
import { stackedBars } from './FigureReport.tsx';
import { echarts } from './figure-charts.ts';

type Row = Record<string, any>;

/** Where each required action's count leads: the list behind it (with the caller's filter where the list needs one). */
const ACTION_LISTS: Record<string, (me: number) => string | string[]> = {
  myTasks: () => '/app/projects/my-tasks',
  myMilestones: () => '/app/projects/my-milestones',
  myMitigationStrategies: (me) => `/app/projects/mitigation-strategies?ownerId=${me}`,
  // the performance inbox's, else personal development's own (a company may use one without the other)
  myTrainings: () => ['/app/my-inbox/trainings', '/app/personal-development/my-trainings'],
  subordinateTrainingRequests: () => '/app/personal-development/my-subordinate-personal-development/trainings/requested',
};
const ACTION_TITLES: Record<string, string> = {
  myTasks: 'screen.myTasks',
  myMilestones: 'screen.myMilestones',
  myMitigationStrategies: 'dashboard.myMitigationStrategies',
  myTrainings: 'screen.myTrainings',
  subordinateTrainingRequests: 'dashboard.subordinateTrainingRequests',
};
const SCORECARD_STATUSES = ['Draft', 'Approved', 'Accepted', 'MidTermAccepted', 'FinalTermAccepted'];

/** The dashboard's items: the first page of each, fetched once, each with its own error title. */
function useItem<T>(name: string, error: string, query: Record<string, string | number> = {}): T | null | undefined {
  const { run } = useCall();
  const [data, setData] = useState<T | null | undefined>(undefined);
  useEffect(() => {
    void run(error, () => get(`dashboard-item/${name}`, query)).then((d) => setData(d ? (d.item as T) : null));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name, error, run]);
  return data;
}

function Card({ title, to, children, testId }: { title: string; to?: string; children: ReactNode; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="card" data-item={testId}>
      <div className="row" style={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <h2>{title}</h2>
        {to && <Link to={to}>{t('shell.openList')}</Link>}
      </div>
      {children}
    </div>
  );
}

/** The company's scorecards of the current plan, by level (bars) and status (segments). */
function companyOption(list: { level: string; status: string; count: number }[], t: (k: string) => string): EChartsOption {
  const levels = [...new Set(list.map((r) => r.level))];
  const rows = levels.map((level) => Object.fromEntries([['name', level], ...list.filter((r) => r.level === level).map((r) => [r.status, r.count])]));
  const statuses = SCORECARD_STATUSES.filter((s) => list.some((r) => r.status === s));
  const option = stackedBars(rows, statuses, (r) => optionLabel(t as never, r.name), t);
  option.series = statuses.map((s) => ({ type: 'bar', stack: 'all', name: optionLabel(t as never, s), data: rows.map((r) => Number(r[s] ?? 0)) }));
  return option;
}

type ItemName = 'required-actions' | 'direct-reportees' | 'company-performance' | 'business-unit-heads' | 'department-heads';
const ITEMS: readonly ItemName[] = ['required-actions', 'direct-reportees', 'company-performance', 'business-unit-heads', 'department-heads'];
const PERFORMANCE_ITEMS = new Set<ItemName>(['company-performance', 'business-unit-heads', 'department-heads']);

/** The items in the caller's order, without those they hid (their dashboard-item records); all, in the default order, when they set none. */
export function arrangeItems(settings: readonly { item: ItemName; position: number; shown: 'Yes' | 'No' }[]): ItemName[] {
  const by = new Map(settings.map((s) => [s.item, s]));
  return ITEMS.filter((i) => by.get(i)?.shown !== 'No')
    .map((item, index) => ({ item, index, position: by.get(item)?.position ?? index }))
    .sort((a, b) => a.position - b.position || a.index - b.index)
    .map((x) => x.item);
}

/** /app/dashboard/main for employees: company performance, the heads' items, direct reportees and required my-actions. */
export default function Dashboard() {
  const { t } = useTranslation();
  const meta = useMeta();
  const user = useSession();
  const { run } = useCall();
  const me = user?.employeeId ?? 0;
  const visible = (path: string) => meta.modules.some((m) => m.screens.some((s) => s.path === path.split('?')[0]));
  const performanceOn = meta.entities.some((e) => e.name === 'performance-scorecard');
  const [items, setItems] = useState<ItemName[] | null>(null);
  useEffect(() => {
    void run('error.getDashboardItems', () => get('dashboard-item', { owner: 'me', limit: 20 })).then((d) => setItems(arrangeItems(d?.list ?? [])));
  }, [run]);
  if (!items) return <p aria-busy="true">{t('shell.loading')}</p>;
  const render = (item: ItemName) => {
    if (PERFORMANCE_ITEMS.has(item) && !performanceOn) return null;
    switch (item) {
      case 'required-actions':
        return (
          <div className="tiles" key={item}>
            <RequiredActions me={me} visible={visible} />
          </div>
        );
      case 'direct-reportees':
        return (
          <div className="tiles" key={item}>
            <DirectReportees me={me} />
          </div>
        );
      case 'company-performance':
        return <CompanyPerformance key={item} />;
      case 'business-unit-heads':
        return <Heads key={item} name={item} error="error.getDashboardBusinessUnitHeadItems" title="dashboard.businessUnitHeads" />;
      case 'department-heads':
        return <Heads key={item} name={item} error="error.getDashboardDepartmentHeadItems" title="dashboard.departmentHeads" />;
    }
  };
  return (
    <section data-screen="dashboard-main">
      <h1>{t('shell.welcome', { name: user?.firstName ?? '' })}</h1>
      {items.map(render)}
      <p>
        <Link to="/app/dashboard/items">{t('screen.myDashboardItems')}</Link>
      </p>
    </section>
  );
}

function RequiredActions({ me, visible }: { me: number; visible: (path: string) => boolean }) {
  const { t } = useTranslation();
  const item = useItem<{ list: { kind: string; count: number }[] }>('required-actions', 'error.getRequiredMyActions');
  if (item === undefined) return <p aria-busy="true">{t('shell.loading')}</p>;
  // where a count leads: the first of its lists the caller can reach
  const target = (kind: string) => [ACTION_LISTS[kind]?.(me) ?? []].flat().find(visible);
  const shown = (item?.list ?? []).filter((a) => target(a.kind));
  return (
    <>
      {shown.map((a) => (
        <Link key={a.kind} to={target(a.kind)!} className="card tile" data-action={a.kind}>
          <strong>{formatInteger(a.count)}</strong>
          <span>{t(ACTION_TITLES[a.kind])}</span>
        </Link>
      ))}
    </>
  );
}

function DirectReportees({ me }: { me: number }) {
  const { t } = useTranslation();
  const item = useItem<{ list: Row[]; total: number }>('direct-reportees', 'error.getDirectReportees', { limit: 1 });
  if (!item) return null;
  return (
    <Link to={`/app/settings/organization-units/employees?supervisorId=${me}`} className="card tile" data-action="directReportees">
      <strong>{formatInteger(item.total)}</strong>
      <span>{t('dashboard.directReportees')}</span>
    </Link>
  );
}

function CompanyPerformance() {
  const { t } = useTranslation();
  const item = useItem<{ annualPlan: string | null; list: { level: string; status: string; count: number }[] }>('company-performance', 'error.getDashboardCompanyPerformanceItems');
  if (!item) return null;
  return (
    <Card title={`${t('dashboard.companyPerformance')}${item.annualPlan ? ` · ${item.annualPlan}` : ''}`} to="/app/annual/employee-scorecards" testId="company-performance">
      {item.list.length ? <ReactEChartsCore echarts={echarts} option={companyOption(item.list, t)} style={{ height: 240 }} notMerge /> : <p className="muted">{t('shell.noRecords')}</p>}
    </Card>
  );
}

function Heads({ name, error, title }: { name: string; error: string; title: string }) {
  const { t } = useTranslation();
  const item = useItem<{ list: Row[]; total: number }>(name, error, { limit: 20 });
  if (!item) return null;
  return (
    <Card title={`${t(title)} (${formatInteger(item.total)})`} to="/app/annual/employee-scorecards" testId={name}>
      {item.list.length ? (
        <ReactEChartsCore echarts={echarts} option={stackedBars(item.list.map((r) => ({ ...r, name: r.unit ? `${r.name} · ${r.unit}` : r.name })), ['accepted', 'draft'], (r) => r.name, t)} style={{ height: Math.max(140, item.list.length * 32 + 60) }} notMerge />
      ) : (
        <p className="muted">{t('shell.noRecords')}</p>
      )}
    </Card>
  );
}

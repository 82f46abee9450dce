import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Chart } from '../../widgets/Chart.tsx';
import type { EChartsOption } from 'echarts';
import { get } from '../../api/api-client.ts';
import { useCall } from '../../api/call-state.tsx';
import { formatInteger } from '../../format/formats.ts';
import { digitsIn } from '../../../../engine/i18n/localized-numbers.ts';
import { useMeta } from '../../meta/meta-context.tsx';
import { useSession } from '../../session/use-session.ts';
import { stackedBars } from './FigureReport.tsx';
import { mayOpen } from '../../shell/screen-access.ts';
import { echarts } from './figure-charts.ts';

type Row = Record<string, any>;

/** Where each required action's count leads: the list behind it (with the caller's filter where the list needs one). */
const ACTION_LISTS: Record<string, (me: number) => string | string[]> = {
  projectTasks: () => '/app/projects/my-tasks',
  auditTasks: () => '/app/audit-management/my-task/pending',
  scorecardsToApprove: () => '/app/my-inbox/annual-employee-scorecards/supervisor-scorecards',
  scorecardsToAccept: () => '/app/my-inbox/annual-employee-scorecards/scorecards',
  agreementsWaiting: () => '/app/my-inbox/performance-agreement-review/scorecards',
  assessmentsWaiting: () => '/app/my-inbox/performance-assessment-review/scorecards',
  monthlyProgressDue: () => '/app/my-inbox/monthly-progress/employee-progresses',
  // the reports' months are listed in My inbox, on its monthly tab with "My reports'"
  reportsMonthlyProgressDue: () => '/app/my-inbox/main',
  qaReviews: () => '/app/performance/quality-assurance',
  executionPlansToAccept: (me) => `/app/strategy-execution/annual-plans/plans?approverId=${me}`,
  submissionsToProcess: (me) => `/app/compliance-management/submissions?approverId=${me}`,
  complianceRequiredActions: () => '/app/compliance-management/required-actions',
  resolutionsToComplete: () => '/app/actions-tracker/myresolutions',
  // both sides of a review, and a survey's answer page per reviewer, are opened one by one from My inbox
  executionReviews: () => [INBOX, '/app/strategy-execution/performance-reviews'],
  surveyReviewsToAnswer: () => INBOX,
  organizationalSurveysToAnswer: () => INBOX,
  myMilestones: () => '/app/projects/my-milestones',
  myMitigationStrategies: (me) => `/app/projects/mitigation-strategies?ownerId=${me}`,
  // the performance inbox's, else personal development's own (a company may use one without the other)
  myTrainings: () => ['/app/my-inbox/trainings', '/app/personal-development/my-trainings'],
  subordinateTrainingRequests: () =>
    '/app/personal-development/my-subordinate-personal-development/trainings/requested',
};
const ACTION_TITLES: Record<string, string> = {
  myTasks: 'screen.myTasks',
  projectTasks: 'dashboard.projectTasks',
  auditTasks: 'dashboard.auditTasks',
  scorecardsToApprove: 'dashboard.scorecardsToApprove',
  scorecardsToAccept: 'dashboard.scorecardsToAccept',
  agreementsWaiting: 'dashboard.agreementsWaiting',
  assessmentsWaiting: 'dashboard.assessmentsWaiting',
  monthlyProgressDue: 'dashboard.monthlyProgressDue',
  reportsMonthlyProgressDue: 'dashboard.reportsMonthlyProgressDue',
  qaReviews: 'dashboard.qaReviews',
  executionPlansToAccept: 'dashboard.executionPlansToAccept',
  submissionsToProcess: 'dashboard.submissionsToProcess',
  complianceRequiredActions: 'dashboard.complianceRequiredActions',
  resolutionsToComplete: 'dashboard.resolutionsToComplete',
  executionReviews: 'dashboard.executionReviews',
  surveyReviewsToAnswer: 'dashboard.surveyReviewsToAnswer',
  organizationalSurveysToAnswer: 'dashboard.organizationalSurveysToAnswer',
  myMilestones: 'screen.myMilestones',
  myMitigationStrategies: 'dashboard.myMitigationStrategies',
  myTrainings: 'screen.myTrainings',
  subordinateTrainingRequests: 'dashboard.subordinateTrainingRequests',
};

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

const REPORT = '/app/reports/company-performance-reports';
/** My inbox: everything waiting for the caller, the same kinds My tasks counts (engine/inbox). */
const INBOX = '/app/my-inbox/main';

interface UnitPerformance {
  unit: string;
  scorecards: number;
  averageScore: number | null;
  averageAdjustedScore: number | null;
  /** withheld: the figures would tell the caller one or two people's scores they may not read */
  hidden?: boolean;
}

/** Each business unit's average weighted score (and adjusted score) of its employees' scorecards, as bars. */
export function performanceOption(list: readonly UnitPerformance[], t: (k: string) => string): EChartsOption {
  const score = (v: number | null) => (v === null ? 0 : v);
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { bottom: 0 },
    grid: { left: 8, right: 16, top: 8, bottom: 40, containLabel: true },
    // scores run 0..5 (6 above every band with the average target type): the whole scale, so a unit's bar reads against it
    xAxis: { type: 'value', min: 0, max: (extent: { max: number }) => Math.max(5, Math.ceil(extent.max)) },
    yAxis: { type: 'category', data: list.map((r) => r.unit), inverse: true },
    series: [
      {
        type: 'bar',
        name: t('report.averageScore'),
        data: list.map((r) => score(r.averageScore)),
        label: { show: true, position: 'right' },
      },
      {
        type: 'bar',
        name: t('report.averageAdjustedScore'),
        data: list.map((r) => score(r.averageAdjustedScore)),
        label: { show: true, position: 'right' },
      },
    ],
  };
}

type ItemName =
  | 'required-actions'
  | 'direct-reportees'
  | 'company-performance'
  | 'business-unit-heads'
  | 'department-heads';
const ITEMS: readonly ItemName[] = [
  'required-actions',
  'direct-reportees',
  'company-performance',
  'business-unit-heads',
  'department-heads',
];
const PERFORMANCE_ITEMS = new Set<ItemName>(['company-performance', 'business-unit-heads', 'department-heads']);

/** The items in the caller's order, without those they hid (their dashboard-item records); all, in the default order, when they set none. */
export function arrangeItems(
  settings: readonly { item: ItemName; position: number; shown: 'Yes' | 'No' }[],
): ItemName[] {
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
  // a link only to a screen the caller may open (in their meta, and its report or source theirs to run)
  const visible = (path: string) =>
    meta.modules.some((m) => m.screens.some((s) => s.path === path.split('?')[0] && mayOpen(meta, s)));
  const performanceOn = meta.entities.some((e) => e.name === 'performance-scorecard');
  const [items, setItems] = useState<ItemName[] | null>(null);
  useEffect(() => {
    void run('error.getDashboardItems', () => get('dashboard-item', { owner: 'me', limit: 20 })).then((d) =>
      setItems(arrangeItems(d?.list ?? [])),
    );
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
            <DirectReportees me={me} visible={visible} />
          </div>
        );
      case 'company-performance':
        return <CompanyPerformance key={item} visible={visible} />;
      case 'business-unit-heads':
        return (
          <Heads
            key={item}
            name={item}
            error="error.getDashboardBusinessUnitHeadItems"
            title="dashboard.businessUnitHeads"
            visible={visible}
          />
        );
      case 'department-heads':
        return (
          <Heads
            key={item}
            name={item}
            error="error.getDashboardDepartmentHeadItems"
            title="dashboard.departmentHeads"
            visible={visible}
          />
        );
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

interface RequiredAction {
  kind: string;
  count: number;
  /** My tasks: the count of each kind of task it is made of, each with its own list */
  parts?: RequiredAction[];
  /** the list's filters that open what the count is about (monthly progress: the plan and month owed) */
  query?: Record<string, number>;
}

/** A list's address with the filters a count carries. */
const withQuery = (path: string, query?: Record<string, number>) =>
  query ? `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : path;

function RequiredActions({ me, visible }: { me: number; visible: (path: string) => boolean }) {
  const { t } = useTranslation();
  const item = useItem<{ list: RequiredAction[] }>('required-actions', 'error.getRequiredMyActions');
  if (item === undefined) return <p aria-busy="true">{t('shell.loading')}</p>;
  // where a count leads: the first of its lists the caller can reach
  const target = (kind: string) => [ACTION_LISTS[kind]?.(me) ?? []].flat().find(visible);
  return (
    <>
      {(item?.list ?? []).map((a) => {
        if (a.parts) {
          // My tasks: every task waiting for the caller, with a link to the list of each kind
          const parts = a.parts.filter((p) => target(p.kind));
          if (!parts.length) return null;
          return (
            <div key={a.kind} className="card tile" data-action={a.kind}>
              <strong>{formatInteger(parts.reduce((sum, p) => sum + p.count, 0))}</strong>
              <span>{t(ACTION_TITLES[a.kind])}</span>
              {/* every one of them, with what else waits, on one screen */}
              {visible(INBOX) && (
                <Link to={INBOX} data-action="myInbox">
                  {t('screen.myInbox')}
                </Link>
              )}
              {parts.map((p) => (
                <Link key={p.kind} to={withQuery(target(p.kind)!, p.query)} data-action={p.kind}>
                  {t(ACTION_TITLES[p.kind])}: {formatInteger(p.count)}
                </Link>
              ))}
            </div>
          );
        }
        const to = target(a.kind);
        if (!to) return null;
        return (
          <Link key={a.kind} to={to} className="card tile" data-action={a.kind}>
            <strong>{formatInteger(a.count)}</strong>
            <span>{t(ACTION_TITLES[a.kind])}</span>
          </Link>
        );
      })}
    </>
  );
}

/**
 * Where the caller's reports are listed: the employee list filtered to them for an organisation administrator, else
 * their scorecards (a supervisor without the organisation module reads his reports there); no link if neither opens.
 */
const reporteesScreens = (me: number) => [
  `/app/settings/organization-units/employees?supervisorId=${me}`,
  '/app/my-inbox/subordinate-annual-employee-scorecards/scorecards',
];

function DirectReportees({ me, visible }: { me: number; visible: (path: string) => boolean }) {
  const { t } = useTranslation();
  const item = useItem<{ list: Row[]; total: number }>('direct-reportees', 'error.getDirectReportees', { limit: 1 });
  if (!item) return null;
  const to = reporteesScreens(me).find(visible);
  const body = (
    <>
      <strong>{formatInteger(item.total)}</strong>
      <span>{t('dashboard.directReportees')}</span>
    </>
  );
  return to ? (
    <Link to={to} className="card tile" data-action="directReportees">
      {body}
    </Link>
  ) : (
    <div className="card tile" data-action="directReportees">
      {body}
    </div>
  );
}

function CompanyPerformance({ visible }: { visible: (path: string) => boolean }) {
  const { t, i18n } = useTranslation();
  const item = useItem<{ annualPlan: string | null; annualPlanId: number | null; list: UnitPerformance[] }>(
    'company-performance',
    'error.getDashboardCompanyPerformanceItems',
  );
  if (!item) return null;
  // the report behind the figures, for those who may open it (module admins)
  const report = item.annualPlanId && visible(REPORT) ? `${REPORT}?annualPlanId=${item.annualPlanId}` : undefined;
  const shown = item.list.filter((r) => !r.hidden);
  const withheld = item.list.filter((r) => r.hidden).map((r) => r.unit);
  return (
    <Card
      // the annual plan's name is the year the figures are for (FY2026): in the reader's digits as the figures are
      // (FY২০২৬ in Bengali), its letters as the company typed them
      title={`${t('dashboard.companyPerformance')}${item.annualPlan ? ` · ${digitsIn(item.annualPlan, i18n.language)}` : ''}`}
      to={report}
      testId="company-performance"
    >
      {shown.length ? (
        <Chart
          echarts={echarts}
          option={performanceOption(shown, t)}
          style={{ height: Math.max(160, shown.length * 48 + 60) }}
          notMerge
        />
      ) : (
        !withheld.length && (
          <p className="muted">{t(item.annualPlan ? 'dashboard.noScores' : 'dashboard.noAnnualPlan')}</p>
        )
      )}
      {withheld.length > 0 && (
        <p className="muted" data-testid="units-withheld">
          {t('dashboard.unitsWithheld', { units: withheld.join(', ') })}
        </p>
      )}
    </Card>
  );
}

const headName = (r: Row): string => (r.unit ? `${r.name} · ${r.unit}` : r.name);

/** Where a heads card's "Open the list" leads: the employee scorecards list, else the scorecard report the caller may open. */
const HEADS_LISTS = [
  '/app/annual/employee-scorecards',
  '/app/my-inbox/reports/employee-scorecards',
  '/app/reports/employee-scorecards',
];

function Heads({
  name,
  error,
  title,
  visible,
}: {
  name: string;
  error: string;
  title: string;
  visible: (path: string) => boolean;
}) {
  const { t } = useTranslation();
  const item = useItem<{ list: Row[]; total: number }>(name, error, { limit: 20 });
  // the server lists only the heads whose scorecards the caller may read: none, no card (and no link to an empty list)
  if (!item?.total) return null;
  return (
    <Card title={`${t(title)} (${formatInteger(item.total)})`} to={HEADS_LISTS.find(visible)} testId={name}>
      {item.list.some((r) => r.scorecards > 0) ? (
        <Chart
          echarts={echarts}
          option={stackedBars(
            item.list.map((r) => ({ ...r, name: headName(r) })),
            ['accepted', 'approved', 'draft'],
            (r) => r.name,
            t,
          )}
          style={{ height: Math.max(140, item.list.length * 32 + 60) }}
          notMerge
        />
      ) : (
        // heads without a scorecard in the current plan: a chart of zeros would look empty, so name them and say why
        <>
          <p className="muted" data-testid="heads-no-scorecards">
            {t('dashboard.headsWithoutScorecards')}
          </p>
          <ul>
            {item.list.map((r) => (
              <li key={r.id}>{headName(r)}</li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

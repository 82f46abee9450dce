import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { get } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { formatDate, formatInteger, formatMonth } from '../format/formats.ts';
import { optionLabel, quarterName } from '../meta/labels.ts';
import type { ScreenMeta } from '../meta/meta-types.ts';

/** The tabs of My inbox, in the engine's order of areas (engine/inbox/inbox-branch.ts), after "all". */
const TABS = ['all', 'scorecards', 'reviews', 'monthly', 'strategy', 'audit', 'development'] as const;
type Tab = (typeof TABS)[number];

interface Filters {
  type: '' | 'Annual' | 'Periodic' | 'mine' | 'reports';
  strategicPlanId: number;
  annualPlanId: number;
  quarterId: number;
  month: string;
}
/** The spec's defaults: every id 0 (all), type Annual, no month. */
const DEFAULTS: Filters = { type: 'Annual', strategicPlanId: 0, annualPlanId: 0, quarterId: 0, month: '' };

/**
 * What "type" means on a tab (the spec: Annual, "or mine for monthly updates"): on the monthly updates, whose they are
 * (the caller's own by default, or those of the people they supervise); elsewhere a scorecard's period.
 */
const TYPES = {
  monthly: [
    ['mine', 'inbox.filter.mine'],
    ['reports', 'inbox.filter.reports'],
    ['', 'inbox.filter.anyone'],
  ],
  other: [
    ['Annual', 'inbox.filter.annual'],
    ['Periodic', 'inbox.filter.periodic'],
    ['', 'inbox.filter.anyType'],
  ],
} as const;
/** Tabs whose kinds have no type (no scorecard period, no "whose"): the filter would change nothing there. */
const UNTYPED_TABS: ReadonlySet<Tab> = new Set(['reviews', 'strategy', 'audit', 'development']);
const typesOf = (tab: Tab) => (tab === 'monthly' ? TYPES.monthly : TYPES.other);
/** The type a tab opens with: its first. */
const defaultType = (tab: Tab): Filters['type'] => typesOf(tab)[0][0];
/** The type kept when the tab changes, if the new tab knows it; else the new tab's default. */
const typeOn = (tab: Tab, type: Filters['type']): Filters['type'] =>
  typesOf(tab).some(([v]) => v === type) ? type : defaultType(tab);

/**
 * The months the month filter offers (YYYY-MM): those of the quarter or annual plan chosen, else those of every plan
 * the caller may filter by (the strategic plan's, when one is chosen), else a year either side of this month.
 */
function monthsOffered(plans: readonly Option[]): string[] {
  const ym = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  const firstOf = (date: string) => new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  const dated = plans.filter((p) => p.startDate && p.endDate);
  const now = new Date();
  const from = dated.length
    ? firstOf(dated.map((p) => p.startDate!).sort()[0]!)
    : new Date(Date.UTC(now.getFullYear(), now.getMonth() - 12, 1));
  const to = dated.length
    ? firstOf(
        dated
          .map((p) => p.endDate!)
          .sort()
          .at(-1)!,
      )
    : new Date(Date.UTC(now.getFullYear(), now.getMonth() + 12, 1));
  const months: string[] = [];
  for (let d = from; d <= to && months.length < 60; d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)))
    months.push(ym(d));
  return months;
}

/**
 * The inbox's state while the app runs (the spec's "my inbox state"): the tab and filters stay as the person left them
 * when they come back from a record, and a new load of the app (its first load) starts again on tab 0 with the defaults.
 */
const remembered: { tab: number; filters: Filters } = { tab: 0, filters: DEFAULTS };

interface Item {
  kind: string;
  area: Exclude<Tab, 'all'>;
  id: number;
  title: string | null;
  person: string | null;
  state: string | null;
  date: string | null;
  /** the month (YYYY-MM) the item is about: worded here in the reader's language */
  month: string | null;
  link: string;
}
interface Page {
  tabs: Record<Tab, number>;
  list: Item[];
  total: number;
}
/** A plan or quarter a filter offers: a plan by its name (a strategic plan by its description), a quarter by its index. */
type Option = {
  id: number;
  name?: string;
  description?: string;
  quarterIndex?: number;
  /** a quarter's plan */
  annualPlanId?: number;
  startDate?: string;
  endDate?: string;
};

const PAGE_SIZE = 25;
/** A filter's label beside its control, with room between them. */
const FILTER_LABEL = { display: 'inline-flex', alignItems: 'center', gap: '0.4rem' } as const;

/** A plan list for a filter; empty when the caller may not read it (the filter then offers "all" only). */
function useOptions(entity: string, query: Record<string, number | string> | null): Option[] {
  const { run } = useCall();
  const [options, setOptions] = useState<Option[]>([]);
  const key = JSON.stringify(query);
  useEffect(() => {
    if (!query) return setOptions([]);
    void run(undefined, () => get(entity, { ...query, limit: 100 }), { quiet: true }).then((d) =>
      setOptions((d as { list?: Option[] } | undefined)?.list ?? []),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entity, key, run]);
  return options;
}

/**
 * /app/my-inbox/main: everything waiting for the signed-in person across the modules their company uses (GET
 * dashboard-item/inbox), one tab per area with its count, the spec's filters, and each item opening the record where
 * the action is.
 */
export default function Inbox({ screen }: { screen: ScreenMeta }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { run } = useCall();
  const [tab, setTab] = useState(remembered.tab);
  const [filters, setFilters] = useState<Filters>(remembered.filters);
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<Page | null>(null);
  const strategicPlans = useOptions('strategic-plan', {});
  const annualPlans = useOptions(
    'annual-plan',
    filters.strategicPlanId ? { strategicPlanId: filters.strategicPlanId } : {},
  );
  // with no plan chosen, the quarters of every plan offered, each named with its plan
  const allQuarters = useOptions('quarter', filters.annualPlanId ? { annualPlanId: filters.annualPlanId } : {});
  const quarters = filters.annualPlanId
    ? allQuarters
    : allQuarters.filter((q) => annualPlans.some((p) => p.id === q.annualPlanId));
  const planName = (id: number | undefined) => annualPlans.find((p) => p.id === id)?.name;

  useEffect(() => {
    remembered.tab = tab;
    remembered.filters = filters;
    const query: Record<string, string | number> = { tab: TABS[tab]!, limit: PAGE_SIZE, offset };
    for (const [k, v] of Object.entries(filters)) if (v) query[k] = v;
    void run('error.getMyInbox', () => get('dashboard-item/inbox', query)).then((d) => d && setPage(d.inbox));
  }, [tab, filters, offset, run]);

  const set = (change: Partial<Filters>) => {
    setOffset(0);
    setFilters((f) => ({ ...f, ...change }));
  };
  const choose = (i: number) => {
    setOffset(0);
    setTab(i);
    setFilters((f) => ({ ...f, type: typeOn(TABS[i]!, f.type) }));
  };
  const defaults: Filters = { ...DEFAULTS, type: defaultType(TABS[tab]!) };
  const filtered = JSON.stringify(filters) !== JSON.stringify(defaults);
  // a quarter chosen offers its own months
  const quarterChosen = quarters.find((q) => q.id === filters.quarterId);
  const months = monthsOffered(
    quarterChosen
      ? [quarterChosen]
      : filters.annualPlanId
        ? annualPlans.filter((p) => p.id === filters.annualPlanId)
        : annualPlans,
  );
  const select = (
    name: string,
    label: string,
    value: number,
    options: Option[],
    onChange: (v: number) => void,
    optionText: (o: Option) => string = (o) => o.name ?? o.description ?? String(o.id),
  ) => (
    <label className="field-inline" style={FILTER_LABEL}>
      <span>{t(label)}</span>
      <select name={name} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        <option value={0}>{t('inbox.filter.all')}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {optionText(o)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <section data-screen="my-inbox">
      <h1>{t(screen.label ?? 'screen.myInbox')}</h1>
      <div className="tab-bar" role="tablist">
        {TABS.map((name, i) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`inbox-tab-${i}`}
            data-tab={name}
            aria-selected={i === tab}
            aria-controls="inbox-panel"
            className={i === tab ? 'tab active' : 'tab'}
            onClick={() => choose(i)}
          >
            {t(`inbox.tab.${name}`)}{' '}
            <span className={page?.tabs[name] ? 'badge badge-warning' : 'badge'} data-count={name}>
              {page ? formatInteger(page.tabs[name]) : '…'}
            </span>
          </button>
        ))}
      </div>
      <div className="row filters" style={{ flexWrap: 'wrap', gap: '0.75rem', margin: '0.75rem 0' }}>
        {!UNTYPED_TABS.has(TABS[tab]!) && (
          <label className="field-inline" style={FILTER_LABEL}>
            <span>{t('inbox.filter.type')}</span>
            <select name="type" value={filters.type} onChange={(e) => set({ type: e.target.value as Filters['type'] })}>
              {typesOf(TABS[tab]!).map(([value, label]) => (
                <option key={value} value={value}>
                  {t(label)}
                </option>
              ))}
            </select>
          </label>
        )}
        {select('strategicPlanId', 'inbox.filter.strategicPlan', filters.strategicPlanId, strategicPlans, (v) =>
          set({ strategicPlanId: v, annualPlanId: 0, quarterId: 0 }),
        )}
        {select('annualPlanId', 'inbox.filter.annualPlan', filters.annualPlanId, annualPlans, (v) =>
          set({ annualPlanId: v, quarterId: 0 }),
        )}
        {select(
          'quarterId',
          'inbox.filter.quarter',
          filters.quarterId,
          quarters,
          (v) => set({ quarterId: v }),
          (q) =>
            filters.annualPlanId
              ? quarterName(t, Number(q.quarterIndex ?? 0))
              : [planName(q.annualPlanId), quarterName(t, Number(q.quarterIndex ?? 0))].filter(Boolean).join(' · '),
        )}
        <label className="field-inline" style={FILTER_LABEL}>
          <span>{t('inbox.filter.month')}</span>
          <select name="month" value={filters.month} onChange={(e) => set({ month: e.target.value })}>
            <option value="">{t('inbox.filter.all')}</option>
            {/* a month chosen before the plan changed stays offered until it is changed */}
            {(filters.month && !months.includes(filters.month) ? [filters.month, ...months] : months).map((m) => (
              <option key={m} value={m}>
                {formatMonth(m)}
              </option>
            ))}
          </select>
        </label>
        {filtered && (
          <button type="button" className="btn btn-sm" onClick={() => set(defaults)}>
            {t('inbox.filter.clear')}
          </button>
        )}
      </div>
      <div role="tabpanel" id="inbox-panel" aria-labelledby={`inbox-tab-${tab}`}>
        {!page ? (
          <p aria-busy="true">{t('shell.loading')}</p>
        ) : page.list.length === 0 ? (
          <p className="muted" data-empty="inbox">
            {t(filtered ? 'inbox.emptyFiltered' : 'inbox.empty')}
          </p>
        ) : (
          <div className="card" style={{ overflowX: 'auto' }}>
            <table className="plain">
              <thead>
                <tr>
                  <th>{t('inbox.column.kind')}</th>
                  <th>{t('inbox.column.title')}</th>
                  <th>{t('inbox.column.person')}</th>
                  <th>{t('inbox.column.state')}</th>
                  <th>{t('inbox.column.date')}</th>
                </tr>
              </thead>
              <tbody>
                {page.list.map((i) => (
                  <tr
                    key={`${i.kind}-${i.id}-${i.link}`}
                    data-kind={i.kind}
                    data-id={i.id}
                    style={{ cursor: 'pointer' }}
                    onClick={() => navigate(i.link)}
                  >
                    <td>{t(`dashboard.${i.kind}`)}</td>
                    <td>
                      <Link to={i.link} onClick={(e) => e.stopPropagation()}>
                        {[i.title ?? t(`dashboard.${i.kind}`), i.month && formatMonth(i.month)]
                          .filter(Boolean)
                          .join(' · ')}
                      </Link>
                    </td>
                    <td>{i.person ?? ''}</td>
                    <td>{i.state ? optionLabel(t, i.state) : ''}</td>
                    <td>{i.date ? formatDate(i.date) : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {page.total > PAGE_SIZE && (
              <div className="row" style={{ gap: '0.5rem', marginTop: '0.5rem' }}>
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
                >
                  {t('shell.previousPage')}
                </button>
                <span>
                  {formatInteger(offset + 1)}–{formatInteger(Math.min(offset + PAGE_SIZE, page.total))} /{' '}
                  {formatInteger(page.total)}
                </span>
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={offset + PAGE_SIZE >= page.total}
                  onClick={() => setOffset(offset + PAGE_SIZE)}
                >
                  {t('shell.nextPage')}
                </button>
              </div>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

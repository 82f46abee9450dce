import { AppError } from '../app-error.ts';
import { moduleEnabled } from '../access/caller-roles.ts';
import { text } from '../i18n/text.ts';
import type { CallContext } from '../records/call-context.ts';
import {
  declaredBranch,
  INBOX_AREAS,
  type BranchInput,
  type InboxArea,
  type InboxBranch,
  type InboxFilters,
} from './inbox-branch.ts';
import { INBOX_SOURCES } from './inbox-sources.ts';

/** One thing waiting for the caller: what it is, where it stands and where to act on it. */
export interface InboxItem {
  kind: string;
  area: InboxArea;
  module: string;
  id: number;
  title: string | null;
  person: string | null;
  state: string | null;
  date: string | null;
  /** the month (YYYY-MM) the item is about, where its title names one: the screens word it in the reader's language */
  month: string | null;
  link: string;
}

export interface InboxPage {
  /** every kind of the company's enabled modules, with how many wait (filters applied, whatever the tab) */
  kinds: { kind: string; area: InboxArea; module: string; count: number }[];
  /** per tab: all, then each area */
  tabs: Record<'all' | InboxArea, number>;
  list: InboxItem[];
  total: number;
  limit: number;
  offset: number;
}

/** Every branch of the caller's inbox: the declared kinds and the hook sources, of the modules the company has enabled. */
function branches(input: BranchInput): InboxBranch[] {
  const { registry, actor } = input.ctx;
  const enabled = (module: string) => {
    const m = registry.modules.get(module);
    return m !== undefined && moduleEnabled(m, actor);
  };
  const declared = [...registry.entities.values()]
    .filter((e) => e.inbox.length && enabled(e.module))
    .flatMap((e) => e.inbox.map((k) => declaredBranch(input, e, k)));
  // a source of a module the company has not switched on is never built: every value it binds must be used
  return [...declared, ...INBOX_SOURCES.filter((s) => enabled(s.module)).map((s) => s.branch(input))];
}

/**
 * The caller's inbox in one statement: every kind a branch of a UNION ALL, each counted (before its limit) and limited
 * to what the page can show (one row for a kind outside the tab, which is only counted), then the page of the tab in
 * order of date (the undated last). $1 is the company, $2 the caller (typed in the reply: a statement whose branches
 * all bind the caller anew must still say what $2 is).
 */
export async function inboxPage(
  ctx: CallContext,
  tab: 'all' | InboxArea,
  filters: InboxFilters,
  limit: number,
  offset: number,
): Promise<InboxPage> {
  if (ctx.actor.employeeId === null) throw AppError.worded('bad_request', text('refusal.employeesOnly'));
  const params: unknown[] = [ctx.companyId, ctx.actor.employeeId];
  const bind = (value: unknown) => `$${params.push(value)}`;
  const all = branches({ ctx, bind, filters });
  const inTab = (b: InboxBranch) => tab === 'all' || b.area === tab;
  const kinds = all.map((b) => ({
    kind: b.kind,
    area: b.area,
    module: b.module,
    count: 0,
  }));
  const tabs = Object.fromEntries(['all', ...INBOX_AREAS].map((a) => [a, 0])) as InboxPage['tabs'];
  if (!all.length) return { kinds, tabs, list: [], total: 0, limit, offset };
  const order = 'date NULLS LAST, kind, id';
  const union = all
    .map(
      (b) =>
        `(SELECT b.*, ${b.month ?? 'NULL::text'} AS month, count(*) OVER () AS n FROM (${b.select}) b ORDER BY ${order} LIMIT ${inTab(b) ? offset + limit : 1})`,
    )
    .join('\nUNION ALL\n');
  const areas = tab === 'all' ? [...INBOX_AREAS] : [tab];
  const [row] = await ctx.tx.query<{
    counts: Record<string, number>;
    list: InboxItem[];
  }>(
    `WITH items AS (${union})
    SELECT $2::bigint AS caller, (SELECT coalesce(json_object_agg(kind, n), '{}'::json) FROM (SELECT kind, max(n)::int AS n FROM items GROUP BY kind) c) AS counts,
      (SELECT coalesce(json_agg(json_build_object('kind', kind, 'area', area, 'module', module, 'id', id, 'title', title,
          'person', person, 'state', state, 'date', date, 'month', month, 'link', link) ORDER BY ${order}), '[]'::json)
        FROM (SELECT * FROM items WHERE area IN (${areas.map(bind).join(', ')}) ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) x) AS list`,
    params,
    { prepare: false },
  );
  for (const k of kinds) {
    k.count = Number(row!.counts[k.kind] ?? 0);
    tabs[k.area] += k.count;
    tabs.all += k.count;
  }
  return {
    kinds,
    tabs,
    list: row!.list.map((i) => ({ ...i, id: Number(i.id) })),
    total: tabs[tab],
    limit,
    offset,
  };
}

/** How many items of each kind wait for the caller (the dashboard's My tasks), by the same statement. */
export async function inboxCounts(ctx: CallContext): Promise<Record<string, number>> {
  const { kinds } = await inboxPage(ctx, 'all', {}, 1, 0);
  return Object.fromEntries(kinds.map((k) => [k.kind, k.count]));
}

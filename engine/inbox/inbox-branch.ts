import { recordRoleWhere, recordRolesWhere } from '../access/record-role-sql.ts';
import { matchesAnySql } from '../access/unowned-condition.ts';
import { quoteIdent } from '../metadata/naming.ts';
import { screenPlaceholders } from '../metadata/inbox-definition.ts';
import type { EntityDef, InboxKindDef } from '../metadata/registry.ts';
import type { CallContext } from '../records/call-context.ts';

/** The tabs of My inbox after "all", in their order: each kind is listed under one. */
export const INBOX_AREAS = ['scorecards', 'reviews', 'monthly', 'strategy', 'audit', 'development'] as const;
export type InboxArea = (typeof INBOX_AREAS)[number];

/** The filters of My inbox (the spec's: strategic plan, annual plan, quarter, type, month); each narrows the kinds that carry it. */
export interface InboxFilters {
  readonly strategicPlanId?: number;
  readonly annualPlanId?: number;
  readonly quarterId?: number;
  /**
   * Annual or Periodic narrows the kinds that carry a scorecard's period; mine (the spec's for monthly updates) keeps
   * of the kinds about whose work it is the caller's own, reports that of the people they supervise
   */
  readonly type?: 'Annual' | 'Periodic' | 'mine' | 'reports';
  /** YYYY-MM */
  readonly month?: string;
}

/** What a branch needs to build its SQL: the call, how to bind a value ($1 is the company, $2 the caller), the filters. */
export interface BranchInput {
  readonly ctx: CallContext;
  readonly bind: (value: unknown) => string;
  readonly filters: InboxFilters;
}

/**
 * One kind of item as a SELECT of the columns every branch gives, in order: kind, area, module, id, title, person
 * (whom the record is about), state, date, link. The query adds the count and the limit.
 */
export interface InboxBranch {
  readonly kind: string;
  readonly area: InboxArea;
  readonly module: string;
  /** FROM … WHERE …, with the SELECT list; no ORDER BY or LIMIT */
  readonly select: string;
  /** the month (YYYY-MM) the item is about, as SQL over the branch's row `b`, for a title that names it (monthly progress) */
  readonly month?: string;
}

/** The columns of a record `t` as the branch names them (createdAt: the column every record keeps). */
const col = (e: EntityDef, name: string) =>
  `t.${quoteIdent(name === 'id' ? 'id' : name === 'createdAt' ? 'created_at' : e.field.get(name)!.column)}`;
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * The employee's name, for the person a record is about (a report's scorecard names the report); none when it is the
 * caller ($2), whose own items need no name.
 */
export const personSql = (employeeIdSql: string) =>
  `(SELECT trim(concat_ws(' ', pe.first_name, pe.last_name)) FROM employee pe WHERE pe.company_id = $1 AND pe.id = ${employeeIdSql} AND pe.id <> $2)`;

/** The link to the screen where the action is: its `{field}`s filled from the record, else `?id=`. */
function linkSql(e: EntityDef, screen: string): string {
  if (!screenPlaceholders(screen).length)
    return `concat(${literal(screen + (screen.includes('?') ? '&id=' : '?id='))}, t.id)`;
  const parts = screen.split(/(\{[A-Za-z0-9]+\})/).filter(Boolean);
  return `concat(${parts.map((p) => (p.startsWith('{') ? `${col(e, p.slice(1, -1))}::text` : literal(p))).join(', ')})`;
}

/** The record's title: its own field, or a field of the record a reference names. */
function titleSql(ctx: CallContext, e: EntityDef, title: string): string {
  const [own, through] = title.split('.') as [string, string | undefined];
  if (through === undefined) return `${col(e, own)}::text`;
  const target = ctx.registry.entity(e.field.get(own)!.ref!);
  const company = target.scope === 'company' ? 'r.company_id = $1 AND ' : '';
  return `(SELECT r.${quoteIdent(target.field.get(through)!.column)}::text FROM ${quoteIdent(target.table)} r WHERE ${company}r.id = ${col(e, own)})`;
}

/** The filters a kind carries, as conditions on `t` (a filter on a dimension the kind has not leaves it alone). */
export function filterSql(
  bind: BranchInput['bind'],
  filters: InboxFilters,
  on: { annualPlan?: string; quarter?: string; type?: string; date?: string; whose?: 'mine' | 'reports' },
): string[] {
  const where: string[] = [];
  if (on.annualPlan) {
    if (filters.annualPlanId) where.push(`${on.annualPlan} = ${bind(filters.annualPlanId)}`);
    if (filters.strategicPlanId)
      where.push(
        `${on.annualPlan} IN (SELECT ap.id FROM annual_plan ap WHERE ap.company_id = $1 AND ap.strategic_plan_id = ${bind(filters.strategicPlanId)})`,
      );
    // a quarter: the kinds of its plan, in that quarter or of none (an annual scorecard belongs to every quarter)
    if (filters.quarterId && on.quarter) {
      const quarter = bind(filters.quarterId);
      where.push(
        `${on.annualPlan} = (SELECT q.annual_plan_id FROM quarter q WHERE q.company_id = $1 AND q.id = ${quarter})`,
        `(${on.quarter} IS NULL OR ${on.quarter}::int = (SELECT q.quarter_index::int FROM quarter q WHERE q.company_id = $1 AND q.id = ${quarter}))`,
      );
    } else if (filters.quarterId && on.date) {
      // a kind of no quarter but a date (a month's progress): its plan's, dated inside the quarter
      const quarter = bind(filters.quarterId);
      where.push(
        `EXISTS (SELECT 1 FROM quarter q WHERE q.company_id = $1 AND q.id = ${quarter} AND q.annual_plan_id = ${on.annualPlan}
           AND ${on.date} BETWEEN q.start_date AND q.end_date)`,
      );
    }
  }
  // a kind of no plan but a date (an audit step, a training request): dated inside the quarter
  if (filters.quarterId && !on.annualPlan && on.date)
    where.push(
      `EXISTS (SELECT 1 FROM quarter q WHERE q.company_id = $1 AND q.id = ${bind(filters.quarterId)} AND ${on.date} BETWEEN q.start_date AND q.end_date)`,
    );
  if ((filters.type === 'Annual' || filters.type === 'Periodic') && on.type)
    where.push(`${on.type} = ${bind(filters.type)}`);
  // whose work: a kind of the other side is left out whole
  if ((filters.type === 'mine' || filters.type === 'reports') && on.whose && on.whose !== filters.type)
    where.push('false');
  if (filters.month && on.date) where.push(`to_char(${on.date}, 'YYYY-MM') = ${bind(filters.month)}`);
  return where;
}

/**
 * A kind an entity declares (entity.json `inbox`): its records in the declared condition, for which the caller holds
 * one of the declared roles, that the caller may read (the entity's read access as SQL), narrowed by the filters.
 */
export function declaredBranch(input: BranchInput, e: EntityDef, k: InboxKindDef): InboxBranch {
  const { ctx, bind, filters } = input;
  const caller = { actor: ctx.actor, companyId: ctx.companyId };
  const read = recordRoleWhere(caller, e, bind, 't');
  const where = [
    't.company_id = $1',
    matchesAnySql(e, [k.when], bind, 't'),
    recordRolesWhere(caller, e, k.who, bind, 't'),
    ...(read ? [read] : []),
    ...filterSql(bind, filters, {
      annualPlan: k.annualPlan && col(e, k.annualPlan),
      quarter: k.quarter && col(e, k.quarter),
      type: k.type && col(e, k.type),
      date: k.date && `${col(e, k.date)}::date`,
    }),
  ];
  // the state: the workflow's field, else a status the entity keeps without one (an audit task's)
  const stateField = e.workflow?.stateField ?? (e.field.has('status') ? 'status' : undefined);
  const state = stateField ? `${col(e, stateField)}::text` : 'NULL::text';
  const personOf = k.person ?? e.owner;
  const select = `SELECT ${literal(k.kind)} AS kind, ${literal(k.area)} AS area, ${literal(e.module)} AS module, t.id,
      ${k.title.length > 1 ? `coalesce(${k.title.map((one) => `nullif(${titleSql(ctx, e, one)}, '')`).join(', ')})` : titleSql(ctx, e, k.title[0]!)} AS title, ${personOf ? personSql(col(e, personOf)) : 'NULL::text'} AS person, ${state} AS state,
      ${k.date ? `${col(e, k.date)}::date` : 'NULL::date'} AS date, ${linkSql(e, k.screen)} AS link
    FROM ${quoteIdent(e.table)} t WHERE ${where.join(' AND ')}`;
  return { kind: k.kind, area: k.area, module: e.module, select };
}

import { ALWAYS_SET, type SortColumn } from './keyset-condition.ts';
import { AppError } from '../app-error.ts';
import type { FilterHook } from '../hooks/hook-registry.ts';
import type { EntityDef, FieldDef, Registry } from '../metadata/registry.ts';
import { quoteIdent } from '../metadata/naming.ts';
import { columnOf, STANDARD_TYPES } from './record-columns.ts';
import { storedPeriodSearch } from './period-title-search.ts';

/** Query-string names a list reads itself; every other name is a filter. */
export const LIST_PARAMS = new Set(['limit', 'offset', 'after', 'sort', 'q', 'companyId', 'owner', 'pickableFor']);
export const MAX_PAGE = 500;
/** Totals are counted up to this many; beyond it the reply says the total is at least this. */
export const TOTAL_CAP = 10_000;
/**
 * The deepest `offset` served: as far as totals are counted. Deeper pages are asked for by keyset (`after`), which
 * costs the same on page 2,000 as on page 2; an offset makes the database step over every row before it.
 */
export const MAX_OFFSET = TOTAL_CAP;

const OPERATORS: Record<string, string> = {
  eq: '=',
  ne: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  in: 'IN',
  like: 'ILIKE',
};

export interface ListQuery {
  where: string[];
  params: unknown[];
  orderBy: string;
  /** The ORDER BY's columns, id last, for ?after= */
  sortColumns: SortColumn[];
  /** whether a condition matches text anywhere in a value (?q=, [like]), which no index serves */
  searched: boolean;
  limit: number;
  offset: number;
  /** ?after=<id>: the page that follows that record in this order (keyset paging, as fast deep down as on page one) */
  after: number | null;
}

/**
 * Turns ?field=v, ?field[gte]=v, ?field[in]=a,b, ?q=, ?sort=-name, ?limit=&offset= (or &after=<id>) into SQL over
 * declared filter fields only. `params` continues after the placeholders the caller already used. A computed filter
 * field (=v or [in]=a,b only) becomes the SQL its filter hook in `filterHooks` writes.
 */
export function parseListQuery(
  entity: EntityDef,
  query: Record<string, string[]>,
  firstParam: number,
  filterHooks: Readonly<Record<string, FilterHook>> = {},
  registry?: Registry,
): ListQuery {
  const where: string[] = [];
  const params: unknown[] = [];
  const next = (v: unknown) => {
    params.push(v);
    return `$${firstParam + params.length - 1}`;
  };
  for (const [rawKey, values] of Object.entries(query)) {
    if (LIST_PARAMS.has(rawKey)) continue;
    const m = /^([A-Za-z][A-Za-z0-9]*)(?:\[([a-z]+)\])?$/.exec(rawKey);
    const name = m?.[1] ?? rawKey;
    // id is always a filter (id[in]=… fetches the titles of referenced records in one call)
    if (!m || !(name === 'id' || entity.list.filters.includes(name)))
      throw new AppError(
        'bad_request',
        `"${rawKey}" is not a filter of ${entity.name}; it filters by ${entity.list.filters.join(', ') || 'nothing'}`,
      );
    const op = m[2] ?? 'eq';
    if (!(op in OPERATORS))
      throw new AppError(
        'bad_request',
        `"${op}" is not a filter operator; use one of ${Object.keys(OPERATORS).join(', ')}`,
      );
    const computed = entity.field.get(name)?.computed;
    if (computed) {
      if (op !== 'eq' && op !== 'in')
        throw new AppError(
          'bad_request',
          `"${name}" is computed; filter it by a value (=) or a list of values ([in]=), not by "${op}"`,
        );
      const hook = filterHooks[computed];
      if (!hook)
        throw new AppError('internal', `No filter hook "${computed}" was given to filter ${entity.name} by ${name}`);
      const sql = { column: (f: string) => quoteIdent(columnOf(entity, f)!), param: next };
      for (const raw of values) {
        const options = (op === 'in' ? raw.split(',') : [raw]).map(
          (v) => coerce(name, entity.field.get(name)!, v) as string,
        );
        where.push(`(${options.map((v) => `(${hook(v, sql)})`).join(' OR ')})`);
      }
      continue;
    }
    const col = quoteIdent(columnOf(entity, name)!);
    const type = entity.field.get(name) ?? STANDARD_TYPES[name];
    for (const raw of values) {
      if (op === 'in') {
        const list = raw.split(',').map((v) => coerce(name, type, v));
        where.push(`${col} = ANY(${next(list)})`);
      } else if (op === 'like') {
        where.push(`${col}::text ILIKE ${next('%' + escapeLike(raw) + '%')}`);
      } else {
        where.push(`${col} ${OPERATORS[op]} ${next(coerce(name, type, raw))}`);
      }
    }
  }
  const q = query.q?.[0]?.trim();
  if (q) {
    if (!entity.list.search.length) throw new AppError('bad_request', `${entity.name} has no searchable fields`);
    /** The records whose search fields hold `text` in one of them. */
    const matching = (text: string) => {
      const p = next('%' + escapeLike(text) + '%');
      // a computed text (an audit entry's record title) is searched by its filter hook, over the stored columns it comes from
      // a review's title is stored in English; its period is searched in whichever language the list shows it
      const periodSearch = storedPeriodSearch(text);
      const searchOf = (f: string) => {
        const computed = entity.field.get(f)?.computed;
        if (!computed && periodSearch && entity.field.get(f)?.schema['x-periodTitle'])
          return `${quoteIdent(columnOf(entity, f)!)} ILIKE ${p} OR ${quoteIdent(columnOf(entity, f)!)} ILIKE ${next('%' + escapeLike(periodSearch) + '%')}`;
        if (!computed) return `${quoteIdent(columnOf(entity, f)!)} ILIKE ${p}`;
        const hook = filterHooks[computed];
        if (!hook)
          throw new AppError('internal', `No filter hook "${computed}" was given to search ${entity.name} by ${f}`);
        return hook(text, {
          column: (c: string) => quoteIdent(columnOf(entity, c)!),
          param: next,
          contains: true,
          registry,
        });
      };
      return '(' + entity.list.search.map((f) => `(${searchOf(f)})`).join(' OR ') + ')';
    };
    // several words (a full name as a reference field shows it, "Nusrat Jahan") also find the records holding each
    // word in one field or another (the first name and the last)
    const words = q.split(/\s+/);
    where.push(words.length > 1 ? `(${matching(q)} OR (${words.map(matching).join(' AND ')}))` : matching(q));
  }
  const sortColumns = sortOf(entity, query.sort?.[0]);
  const orderBy = sortColumns.map((c) => `${c.column} ${c.desc ? 'DESC' : 'ASC'}`).join(', ');
  const searched = Boolean(q) || Object.keys(query).some((k) => k.endsWith('[like]'));
  return { where, params, orderBy, sortColumns, searched, ...page(entity, query) };
}

function sortOf(entity: EntityDef, sort: string | undefined): SortColumn[] {
  const spec = sort ?? entity.list.sort;
  const parts = spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const columns: SortColumn[] = [];
  for (const p of parts) {
    const desc = p.startsWith('-');
    const name = desc ? p.slice(1) : p;
    const col = columnOf(entity, name);
    if (!col) throw new AppError('bad_request', `Cannot sort ${entity.name} by "${name}"; it is not a stored field`);
    // a required field is NOT NULL in the table (the migrator makes it so)
    columns.push({
      column: quoteIdent(col),
      desc,
      nullable: !ALWAYS_SET.has(name) && !entity.field.get(name)?.required,
    });
  }
  // id last, so that paging is stable when the sort field has ties.
  if (!parts.some((p) => p.replace(/^-/, '') === 'id'))
    columns.push({ column: '"id"', desc: parts[0]?.startsWith('-') ?? false, nullable: false });
  return columns;
}

function page(
  entity: EntityDef,
  query: Record<string, string[]>,
): { limit: number; offset: number; after: number | null } {
  const int = (name: string, dflt: number, min: number, max: number) => {
    const raw = query[name]?.[0];
    if (raw === undefined) return dflt;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max)
      throw new AppError('bad_request', `"${name}" must be a whole number from ${min} to ${max}`);
    return n;
  };
  if (Number(query.offset?.[0]) > MAX_OFFSET)
    throw new AppError(
      'bad_request',
      `"offset" reaches ${MAX_OFFSET.toLocaleString('en')} rows at most; page further with "after" (the id of the last row of the page before)`,
    );
  const offset = int('offset', 0, 0, MAX_OFFSET);
  const after = query.after === undefined ? null : int('after', 0, 1, Number.MAX_SAFE_INTEGER);
  if (after !== null && offset > 0) throw new AppError('bad_request', `Page with "offset" or with "after", not both`);
  return { limit: int('limit', entity.list.pageSize, 1, MAX_PAGE), offset, after };
}

function coerce(
  name: string,
  f: Pick<FieldDef, 'type' | 'format'> & { enum?: readonly (string | number)[] },
  raw: string,
): unknown {
  const bad = (what: string) => new AppError('bad_request', `Filter "${name}" must be ${what}; got "${raw}"`);
  switch (f.type) {
    case 'integer':
      if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(Number(raw)))
        throw bad('a whole number between ±9007199254740991');
      return Number(raw);
    case 'number':
      if (raw.trim() === '' || !Number.isFinite(Number(raw))) throw bad('a finite number');
      return Number(raw);
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') throw bad('true or false');
      return raw === 'true';
    default:
      if (f.format === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(raw)) throw bad('a date (YYYY-MM-DD)');
      if (f.format === 'date-time' && Number.isNaN(Date.parse(raw))) throw bad('a date and time');
      if (f.enum && !f.enum.includes(raw)) throw bad(`one of ${f.enum.join(', ')}`);
      return raw;
  }
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AgGridReact } from 'ag-grid-react';
import {
  AllCommunityModule,
  ModuleRegistry,
  themeQuartz,
  type ColDef,
  type GridApi,
  type IDatasource,
  type ICellRendererParams,
} from 'ag-grid-community';
import { get, post } from '../api/api-client.ts';
import { succeeded } from '../api/envelope.ts';
import { useCall } from '../api/call-state.tsx';
import { formatDate, formatDateTime, formatInteger, formatOrdinalDate } from '../format/formats.ts';
import { displayCopy } from '../format/display-copy.ts';
import { enumName, optionKey, optionLabel } from '../meta/labels.ts';
import { useMeta } from '../meta/meta-context.tsx';
import type { EntityMeta, FieldSchema, ScreenMeta } from '../meta/meta-types.ts';
import { ConfirmDialog } from '../shell/Dialogs.tsx';
import { cameFrom } from './came-from.ts';
import { listForms, screensOf } from './entity-screens.ts';
import { filterModelToQuery } from './grid-filters.ts';
import { OptionFilter } from './OptionFilter.tsx';
import { lastRowAfter, PageCursor } from './page-cursor.ts';
import { csvValue, listCsv } from './list-csv.ts';
import { gridLocaleText } from './grid-locale.ts';
import { recordAddress } from './screen-links.ts';
import { displayValue } from '../format/field-display.ts';
import { boundValues, fillPath, routeParams } from './screen-params.ts';
import { listFixedQuery } from './list-query.ts';
import { actionsWidth, cellMinWidth, columnFlex, headerMinWidth } from './column-widths.ts';
import { allowedOn } from '../meta/record-allowed.ts';
import { recordTitle, referenceTitle, rowTitle, textOf } from '../meta/record-title.ts';

ModuleRegistry.registerModules([AllCommunityModule]);

/** The grid reads the same tokens as the rest of the shell. */
const theme = themeQuartz.withParams({
  accentColor: 'var(--c-primary)',
  backgroundColor: 'var(--c-surface)',
  foregroundColor: 'var(--c-text)',
  borderColor: 'var(--c-border)',
  headerBackgroundColor: 'var(--c-surface-2)',
  fontFamily: 'inherit',
  fontSize: 14,
  borderRadius: 8,
  wrapperBorderRadius: 8,
});

const STANDARD: Record<string, FieldSchema> = {
  id: { type: 'integer', title: 'field.id' },
  createdAt: { type: 'string', format: 'date-time', title: 'field.createdAt' },
  updatedAt: { type: 'string', format: 'date-time', title: 'field.updatedAt' },
};

function formatValue(
  t: (k: string) => string,
  entity: EntityMeta,
  name: string,
  f: FieldSchema,
  v: unknown,
  titles: Map<string, Map<number, string>>,
  row?: Record<string, unknown>,
  entities: readonly EntityMeta[] = [],
): string {
  if (v === null || v === undefined || v === '') return '';
  if (displayValue(t, name, f, v) !== undefined) return displayValue(t, name, f, v)!;
  // a reference by the title the row came with, else by the one looked up for the page (a command's page)
  if (f['x-ref']) {
    const title = referenceTitle(t as never, row, name) ?? titles.get(f['x-ref'])?.get(v as number);
    if (title === undefined) return String(v);
    // a record named by one of the product's option words (a risk rating type: High) is named in the user's words
    const target = entities.find((e) => e.name === f['x-ref']);
    return target ? textOf(t as never, target, target.titleField, title) : title;
  }
  // an option list the form names in its uiSchema (Q1..Q4 for 0..3; i18n keys such as module.riskManagement) is shown the same way in the list
  const names = (entity.form.uiSchema[name] as { 'ui:enumNames'?: string[] } | undefined)?.['ui:enumNames'];
  const option = (options: readonly unknown[], x: unknown) => {
    const i = options.indexOf(x);
    return names && i >= 0 ? enumName(t as never, names[i]) : optionLabel(t as never, x as string, f);
  };
  if (f.enum) return option(f.enum, v);
  // a list of options (an API token's modules), each by its label
  const items = f.items as FieldSchema | undefined;
  if (Array.isArray(v) && items?.enum) return v.map((x) => option(items.enum!, x)).join(', ');
  if (f.format === 'date-time')
    return entity.name === 'company' && name === 'createdAt' ? formatOrdinalDate(String(v)) : formatDateTime(String(v));
  const copy = displayCopy(f, v);
  if (copy !== undefined) return copy;
  if (typeof v === 'object') return JSON.stringify(v);
  // the title of a record of the entity the row names (an audit entry's record), worded as that entity words its titles
  const of = f['x-titleOf'] ? entities.find((e) => e.name === row?.[f['x-titleOf']!]) : undefined;
  if (of) return textOf(t as never, of, of.titleField, v);
  return textOf(t as never, entity, name, v);
}

/** A list from metadata: server-side paging, sorting and filtering, search, CSV export, edit and delete per row. */
export default function ListScreen({ screen, entity }: { screen: ScreenMeta; entity: EntityMeta }) {
  const { t, i18n } = useTranslation();
  const meta = useMeta();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { run } = useCall();
  const api = useRef<GridApi | null>(null);
  const [q, setQ] = useState('');
  const [total, setTotal] = useState<{ count: number; capped: boolean } | null>(null);
  // whether the caller may add here, as the list's first page says (null until it came)
  const [mayAdd, setMayAdd] = useState<boolean | null>(null);
  // the list is busy until its first page has come (and with it whether the caller may add)
  const [firstPageCame, setFirstPageCame] = useState(false);
  const [confirm, setConfirm] = useState<Record<string, unknown> | null>(null);
  const titles = useRef(new Map<string, Map<number, string>>());
  const own = screensOf(meta, entity.name, screen);
  const { add, edit } = listForms(meta, screen, own);
  // the route's and the address's parameters the screen binds to fields (/strategic-plan/3/pillar → strategicPlanId 3)
  const { pathname, search, state } = useLocation();
  // the form opened from here comes back here after Save or Cancel (and this screen then to where it came from)
  const from = cameFrom(pathname, search, state);
  const current = useMemo(() => routeParams(screen, pathname), [screen, pathname]);
  const bound = useMemo(() => boundValues(screen, pathname, params), [screen, pathname, params]);
  /** Where a row's edit link goes: a path with parameters gets them filled in (from the row, then the route), else ?id=. */
  const editPath = (row: Record<string, unknown>) => recordAddress(edit!, current, row) ?? edit!.path;
  const openAdd = () => {
    const query = new URLSearchParams(params);
    for (const [k, v] of Object.entries(bound)) if (k !== 'id') query.set(k, String(v));
    const path = add!.path.includes(':') ? (fillPath(add!, current, bound) ?? add!.path) : add!.path;
    navigate(`${path}${query.size ? `?${query}` : ''}`, { state: from });
  };
  // the screen's preset and owner, and filters in the address (e.g. ?businessUnitId=3 from a parent), stay on for every page
  const fixed = useMemo(() => listFixedQuery(screen, entity, pathname, params), [params, entity, screen, pathname]);
  const fieldOf = (name: string): FieldSchema => entity.schema.properties[name] ?? STANDARD[name] ?? { type: 'string' };
  // a screen may list a command's page (the ended contracts) instead of the plain list; both page alike
  const source = screen.source ? entity.commands.find((c) => c.name === screen.source) : undefined;
  const fetchPage = useCallback(
    async (query: Parameters<typeof get>[1]) => {
      const r = await run(entity.errors.list, () => get(source ? `${entity.name}/${source.name}` : entity.name, query));
      setFirstPageCame(true);
      if (!r) return null;
      const page = source ? r[source.dataKey] : r;
      // the list says whether the caller may add here (a contract team's member, not every employee)
      if (typeof page.allowed?.add === 'boolean') setMayAdd(page.allowed.add);
      return {
        rows: page[source ? 'list' : entity.dataKeys.list] as Record<string, unknown>[],
        total: page.total as number,
        totalCapped: page.totalCapped === true,
      };
    },
    [entity, source, run],
  );

  const columns = useMemo<ColDef[]>(() => {
    const cols: ColDef[] = entity.list.columns.map((name) => {
      const f = fieldOf(name);
      const filterable = entity.list.filters.includes(name) && !f['x-ref'];
      return {
        field: name,
        headerName: t(f.title ?? name),
        sortable: !f['x-computed'],
        filter: filterable
          ? f.type === 'integer' || f.type === 'number'
            ? 'agNumberColumnFilter'
            : f.format === 'date'
              ? 'agDateColumnFilter'
              : f.enum
                ? OptionFilter
                : 'agTextColumnFilter'
          : false,
        filterParams:
          filterable && f.enum
            ? {
                options: f.enum.map((v) => ({ value: String(v), label: optionLabel(t, v, f) })),
              }
            : filterable && f.type === 'string' && !f.format
              ? { filterOptions: ['contains', 'equals'], maxNumConditions: 1 }
              : { maxNumConditions: 1 },
        valueFormatter: (p) => formatValue(t, entity, name, f, p.value, titles.current, p.data, meta.entities),
        // a value cut by its column (a long title on a narrow screen) shows whole on hover (tooltipShowMode below)
        tooltipValueGetter: (p) =>
          p.data ? formatValue(t, entity, name, f, p.value, titles.current, p.data, meta.entities) : undefined,
        // an option's cell carries its value as a class (value-overdue), so that a status can be told at a glance
        cellClass:
          f.enum && f.type === 'string'
            ? (p) => (typeof p.value === 'string' ? `value-${optionKey(p.value).slice('option.'.length)}` : undefined)
            : undefined,
        type: (f.type === 'integer' || f.type === 'number') && !f['x-ref'] ? 'rightAligned' : undefined,
        // a long title ("Agreement start date") wraps between its words, each of which shows whole
        // a date or a moment ("26/11/2026 14:07", "২৬/১১/২০২৬ ১৪:০৭") is never cut: as wide as the longest the user's
        // language writes
        minWidth: Math.max(
          headerMinWidth(t(f.title ?? name), filterable),
          f.format === 'date-time'
            ? cellMinWidth(formatDateTime('2026-12-28T23:58:00'))
            : f.format === 'date'
              ? cellMinWidth(formatDate('2026-12-28'))
              : 0,
        ),
        flex: columnFlex(f, name === entity.titleField),
        wrapHeaderText: true,
        autoHeaderHeight: true,
      };
    });
    if (edit || entity.can.delete)
      cols.push({
        colId: 'actions',
        headerName: t('shell.actions'),
        sortable: false,
        filter: false,
        // wide enough for both buttons in the user's words ("Bearbeiten" and "Löschen")
        minWidth: actionsWidth([t('shell.edit'), ...(entity.can.delete ? [t('shell.delete')] : [])]),
        // a record the caller may not change opens to be read: "Open", not "Edit"; Delete only where it would succeed
        cellRenderer: (p: ICellRendererParams) =>
          p.data ? (
            <span className="row" style={{ gap: 4, flexWrap: 'nowrap' }}>
              {edit && (
                <Link
                  className="btn btn-sm"
                  to={editPath(p.data)}
                  state={from}
                  aria-label={`${t(allowedOn(entity, p.data).update ? 'shell.edit' : 'shell.open')} ${rowTitle(t as never, entity, p.data)}`}
                >
                  {t(allowedOn(entity, p.data).update ? 'shell.edit' : 'shell.open')}
                </Link>
              )}
              {/* a row a command's list sent without its _allowed ("my resolutions") is deleted from its own screen,
                  which knows whether that would succeed: never on a guess from /meta */}
              {p.data._allowed && allowedOn(entity, p.data).delete && (
                <button
                  type="button"
                  className="btn btn-sm"
                  onClick={() => setConfirm(p.data)}
                  aria-label={`${t('shell.delete')} ${rowTitle(t as never, entity, p.data)}`}
                >
                  {t('shell.delete')}
                </button>
              )}
            </span>
          ) : null,
      });
    return cols;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entity, t, edit, pathname, search]);

  /** Titles of the records that references on this page point to: one call per referenced entity, not per row. */
  const loadTitles = useCallback(
    async (rows: Record<string, unknown>[]) => {
      for (const name of entity.list.columns) {
        const ref = fieldOf(name)['x-ref'];
        const target = ref && meta.entities.find((e) => e.name === ref);
        if (!target) continue;
        const known = titles.current.get(ref) ?? new Map<number, string>();
        // rows that came with their references' titles (`_titles`) need no look-up
        const ids = [
          ...new Set(
            rows
              .filter((r) => referenceTitle(t, r, name) === undefined)
              .map((r) => r[name])
              .filter((v): v is number => typeof v === 'number' && !known.has(v)),
          ),
        ];
        if (ids.length) {
          const r = await get(target.name, { 'id[in]': ids.join(','), limit: 500 });
          if (succeeded(r))
            for (const row of r.data[target.dataKeys.list]) known.set(row.id, recordTitle(t, target, row));
        }
        titles.current.set(ref, known);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [entity, meta],
  );

  const query = useCallback(
    (sortModel: { colId: string; sort: string }[], filterModel: Record<string, unknown>) => ({
      ...fixed,
      ...filterModelToQuery(filterModel),
      q: q || undefined,
      sort: sortModel.length ? sortModel.map((s) => (s.sort === 'desc' ? '-' : '') + s.colId).join(',') : undefined,
    }),
    [fixed, q],
  );

  // a hook's list (source) pages by offset only; every plain list takes ?after= in any sort
  const keyset = !source;

  const datasource = useMemo<IDatasource>(() => {
    // one cursor per sort and filter: scrolling on pages by ?after=
    const cursors = new Map<string, PageCursor>();
    return {
      getRows: async (p) => {
        const base = query(p.sortModel, p.filterModel);
        const key = JSON.stringify(base);
        if (!cursors.has(key)) cursors.set(key, new PageCursor(keyset));
        const cursor = cursors.get(key)!;
        const r = await fetchPage({ ...base, ...cursor.request(p.startRow, p.endRow) });
        if (!r) return p.failCallback();
        cursor.remember(p.startRow, r.rows);
        await loadTitles(r.rows);
        setTotal({ count: r.total, capped: r.totalCapped });
        p.successCallback(
          r.rows,
          lastRowAfter({
            startRow: p.startRow,
            endRow: p.endRow,
            rows: r.rows.length,
            total: r.total,
            totalCapped: r.totalCapped,
          }),
        );
      },
    };
  }, [query, fetchPage, loadTitles, keyset]);

  const exportCsv = async () => {
    const rows: Record<string, unknown>[] = [];
    const model = api.current;
    const sortModel = (model?.getColumnState() ?? [])
      .filter((c) => c.sort)
      .map((c) => ({ colId: c.colId, sort: c.sort as string }));
    const base = query(sortModel, model?.getFilterModel() ?? {});
    const cursor = new PageCursor(keyset);
    for (let offset = 0; ; offset += 500) {
      const r = await fetchPage({ ...base, ...cursor.request(offset, offset + 500) });
      if (!r) return;
      cursor.remember(offset, r.rows);
      rows.push(...r.rows);
      if (r.rows.length < 500 || rows.length >= 10000) break;
    }
    await loadTitles(rows);
    const header = entity.list.columns.map((c) => t(fieldOf(c).title ?? c));
    const csv = listCsv(
      header,
      rows.map((r) =>
        entity.list.columns.map((c) =>
          csvValue(fieldOf(c), r[c], () =>
            formatValue(t, entity, c, fieldOf(c), r[c], titles.current, r, meta.entities),
          ),
        ),
      ),
    );
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    a.download = `${entity.name}.csv`;
    a.click();
    URL.revokeObjectURL(a.href);
  };

  const remove = async (row: Record<string, unknown>) => {
    setConfirm(null);
    if (await run(entity.errors.delete, () => post(`${entity.name}/delete`, { id: row.id, version: row.version })))
      api.current?.refreshInfiniteCache();
  };

  return (
    <section data-screen="list" data-entity={entity.name}>
      <div className="row">
        <h1>{t(screen.label ?? entity.label)}</h1>
        <span className="spacer" />
        {total !== null && (
          <span className="muted" data-testid="total">
            {t(total.capped ? 'shell.recordsAtLeast' : 'shell.records', { count: total.count })}
          </span>
        )}
      </div>
      <div className="toolbar">
        {entity.list.search.length > 0 && (
          <input
            className="input"
            style={{ maxWidth: 280 }}
            type="search"
            aria-label={t('shell.search')}
            placeholder={t('shell.search')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        )}
        <span className="spacer" />
        <button type="button" className="btn" onClick={exportCsv}>
          {t('shell.exportCsv')}
        </button>
        {add && (source ? entity.can.add : mayAdd === true) && (
          <button type="button" className="btn btn-primary" onClick={openAdd}>
            {t('shell.add')}
          </button>
        )}
      </div>
      {/* an empty list says so (the grid's overlay) without the pager's "0 to 0 of 0 · Page 0 of 0" */}
      <div className="grid-box" aria-busy={!firstPageCame} data-empty={total?.count === 0 ? '' : undefined}>
        <AgGridReact
          // AG Grid reads its own texts (pager, filters) once, when made: a grid of its own per language
          key={i18n.language}
          theme={theme}
          columnDefs={columns}
          rowModelType="infinite"
          datasource={datasource}
          pagination
          paginationPageSize={entity.list.pageSize}
          paginationPageSizeSelector={false}
          cacheBlockSize={entity.list.pageSize}
          maxBlocksInCache={4}
          getRowId={(p) => String(p.data.id)}
          onGridReady={(e) => (api.current = e.api)}
          overlayNoRowsTemplate={t('shell.noRecords')}
          tooltipShowMode="whenTruncated"
          tooltipShowDelay={400}
          localeText={gridLocaleText()}
          // the pager's figures ("১ – ৫০ / ৫৮") in the user's digits, like every other number on screen
          paginationNumberFormatter={(p) => formatInteger(p.value)}
        />
      </div>
      {confirm && (
        <ConfirmDialog
          title={t('shell.deleteTitle', { what: t(entity.label) })}
          text={t('shell.deleteText', { name: rowTitle(t as never, entity, confirm) })}
          onCancel={() => setConfirm(null)}
          onConfirm={() => remove(confirm)}
        />
      )}
    </section>
  );
}

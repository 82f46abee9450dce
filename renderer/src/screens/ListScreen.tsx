import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AgGridReact } from 'ag-grid-react';
import { AllCommunityModule, ModuleRegistry, themeQuartz, type ColDef, type GridApi, type IDatasource, type ICellRendererParams } from 'ag-grid-community';
import Papa from 'papaparse';
import { get, post } from '../api/api-client.ts';
import { succeeded } from '../api/envelope.ts';
import { useCall } from '../api/call-state.tsx';
import { formatAmount, formatDate, formatDateTime, formatInteger, formatNumber, formatOrdinalDate } from '../format/formats.ts';
import { optionLabel } from '../meta/labels.ts';
import { useMeta } from '../meta/meta-context.tsx';
import type { EntityMeta, FieldSchema, ScreenMeta } from '../meta/meta-types.ts';
import { ConfirmDialog } from '../shell/Dialogs.tsx';
import { screensOf } from './entity-screens.ts';
import { filterModelToQuery } from './grid-filters.ts';

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

function formatValue(t: (k: string) => string, entity: EntityMeta, name: string, f: FieldSchema, v: unknown, titles: Map<string, Map<number, string>>): string {
  if (v === null || v === undefined || v === '') return '';
  if (f['x-ref']) return titles.get(f['x-ref'])?.get(v as number) ?? String(v);
  if (f.enum) {
    // an option list the form names in its uiSchema (Q1..Q4 for 0..3) is shown the same way in the list
    const names = (entity.form.uiSchema[name] as { 'ui:enumNames'?: string[] } | undefined)?.['ui:enumNames'];
    const i = f.enum.indexOf(v as never);
    return names && i >= 0 ? names[i] : optionLabel(t as never, v as string);
  }
  if (f.format === 'date') return formatDate(String(v));
  if (f.format === 'date-time') return entity.name === 'company' && name === 'createdAt' ? formatOrdinalDate(String(v)) : formatDateTime(String(v));
  if (f['x-money']) return formatAmount(Number(v));
  if (f.type === 'integer') return formatInteger(Number(v));
  if (f.type === 'number') return formatNumber(Number(v));
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** A list from metadata: server-side paging, sorting and filtering, search, CSV export, edit and delete per row. */
export default function ListScreen({ screen, entity }: { screen: ScreenMeta; entity: EntityMeta }) {
  const { t } = useTranslation();
  const meta = useMeta();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { run } = useCall();
  const api = useRef<GridApi | null>(null);
  const [q, setQ] = useState('');
  const [total, setTotal] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<Record<string, unknown> | null>(null);
  const titles = useRef(new Map<string, Map<number, string>>());
  const own = screensOf(meta, entity.name);
  const add = screen.add ? { path: screen.add } : own.add;
  const edit = screen.edit ? { path: screen.edit } : own.edit;
  // the screen's preset and owner, and filters in the address (e.g. ?businessUnitId=3 from a parent), stay on for every page
  const fixed = useMemo(
    () => ({ ...screen.preset, ...(screen.owner ? { owner: screen.owner } : {}), ...Object.fromEntries([...params.entries()].filter(([k]) => entity.list.filters.includes(k))) }),
    [params, entity, screen],
  );
  const fieldOf = (name: string): FieldSchema => entity.schema.properties[name] ?? STANDARD[name] ?? { type: 'string' };

  const columns = useMemo<ColDef[]>(() => {
    const cols: ColDef[] = entity.list.columns.map((name) => {
      const f = fieldOf(name);
      const filterable = entity.list.filters.includes(name) && !f['x-ref'];
      return {
        field: name,
        headerName: t(f.title ?? name),
        sortable: !f['x-computed'],
        filter: filterable ? (f.type === 'integer' || f.type === 'number' ? 'agNumberColumnFilter' : f.format === 'date' ? 'agDateColumnFilter' : 'agTextColumnFilter') : false,
        filterParams: filterable && f.type === 'string' && !f.format ? { filterOptions: f.enum ? ['equals'] : ['contains', 'equals'], maxNumConditions: 1 } : { maxNumConditions: 1 },
        valueFormatter: (p) => formatValue(t, entity, name, f, p.value, titles.current),
        type: (f.type === 'integer' || f.type === 'number') && !f['x-ref'] ? 'rightAligned' : undefined,
        minWidth: 120,
        flex: 1,
      };
    });
    if (edit || entity.can.delete)
      cols.push({
        colId: 'actions',
        headerName: t('shell.actions'),
        sortable: false,
        filter: false,
        minWidth: 170,
        cellRenderer: (p: ICellRendererParams) =>
          p.data ? (
            <span className="row" style={{ gap: 4, flexWrap: 'nowrap' }}>
              {edit && (
                <Link className="btn btn-sm" to={`${edit.path}?id=${p.data.id}`} aria-label={`${t('shell.edit')} ${p.data[entity.titleField] ?? p.data.id}`}>
                  {t('shell.edit')}
                </Link>
              )}
              {entity.can.delete && (
                <button className="btn btn-sm" onClick={() => setConfirm(p.data)} aria-label={`${t('shell.delete')} ${p.data[entity.titleField] ?? p.data.id}`}>
                  {t('shell.delete')}
                </button>
              )}
            </span>
          ) : null,
      });
    return cols;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entity, t, edit]);

  /** Titles of the records that references on this page point to: one call per referenced entity, not per row. */
  const loadTitles = useCallback(
    async (rows: Record<string, unknown>[]) => {
      for (const name of entity.list.columns) {
        const ref = fieldOf(name)['x-ref'];
        const target = ref && meta.entities.find((e) => e.name === ref);
        if (!target) continue;
        const known = titles.current.get(ref) ?? new Map<number, string>();
        const ids = [...new Set(rows.map((r) => r[name]).filter((v): v is number => typeof v === 'number' && !known.has(v)))];
        if (ids.length) {
          const r = await get(target.name, { 'id[in]': ids.join(','), limit: 500 });
          if (succeeded(r)) for (const row of r.data[target.dataKeys.list]) known.set(row.id, String(row[target.titleField] ?? row.id));
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

  const datasource = useMemo<IDatasource>(
    () => ({
      getRows: async (p) => {
        const r = await run(entity.errors.list, () => get(entity.name, { ...query(p.sortModel, p.filterModel), limit: p.endRow - p.startRow, offset: p.startRow }));
        if (!r) return p.failCallback();
        const rows = r[entity.dataKeys.list];
        await loadTitles(rows);
        setTotal(r.total);
        p.successCallback(rows, r.total);
      },
    }),
    [entity, query, run, loadTitles],
  );

  const exportCsv = async () => {
    const rows: Record<string, unknown>[] = [];
    const model = api.current;
    const sortModel = (model?.getColumnState() ?? []).filter((c) => c.sort).map((c) => ({ colId: c.colId, sort: c.sort as string }));
    for (let offset = 0; ; offset += 500) {
      const r = await run(entity.errors.list, () => get(entity.name, { ...query(sortModel, model?.getFilterModel() ?? {}), limit: 500, offset }));
      if (!r) return;
      rows.push(...r[entity.dataKeys.list]);
      if (r[entity.dataKeys.list].length < 500 || rows.length >= 10000) break;
    }
    await loadTitles(rows);
    const header = entity.list.columns.map((c) => t(fieldOf(c).title ?? c));
    const csv = Papa.unparse({ fields: header, data: rows.map((r) => entity.list.columns.map((c) => formatValue(t, entity, c, fieldOf(c), r[c], titles.current))) });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob(['\ufeff' + csv], { type: 'text/csv;charset=utf-8' }));
    a.download = `${entity.name}.csv`;
    a.click();
    URL.revokeObjectURL(a.href);
  };

  const remove = async (row: Record<string, unknown>) => {
    setConfirm(null);
    if (await run(entity.errors.delete, () => post(`${entity.name}/delete`, { id: row.id, version: row.version }))) api.current?.refreshInfiniteCache();
  };

  return (
    <section data-screen="list" data-entity={entity.name}>
      <div className="row">
        <h1>{t(screen.label ?? entity.label)}</h1>
        <span className="spacer" />
        {total !== null && <span className="muted" data-testid="total">{t('shell.records', { count: total })}</span>}
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
        <button className="btn" onClick={exportCsv}>{t('shell.exportCsv')}</button>
        {add && entity.can.add && (
          <button className="btn btn-primary" onClick={() => navigate(`${add.path}${params.size ? `?${params}` : ''}`)}>
            {t('shell.add')}
          </button>
        )}
      </div>
      <div className="grid-box">
        <AgGridReact
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
        />
      </div>
      {confirm && (
        <ConfirmDialog
          title={t('shell.deleteTitle', { what: t(entity.label) })}
          text={t('shell.deleteText', { name: String(confirm[entity.titleField] ?? confirm.id) })}
          onCancel={() => setConfirm(null)}
          onConfirm={() => remove(confirm)}
        />
      )}
    </section>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { Chart } from '../widgets/Chart.tsx';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { get } from '../api/api-client.ts';
import { succeeded } from '../api/envelope.ts';
import { useCall } from '../api/call-state.tsx';
import { useFormValidator } from '../forms/use-form-validator.ts';
import { formatInteger, formatLongDate } from '../format/formats.ts';
import { reportCell as cell } from '../format/report-cells.ts';
import { enumName, optionLabel } from '../meta/labels.ts';
import { useMeta } from '../meta/meta-context.tsx';
import type { EntityMeta, ReportMeta, ScreenMeta } from '../meta/meta-types.ts';
import { ReferenceWidget } from '../widgets/ReferenceWidget.tsx';
import { ChoicesFromWidget } from '../widgets/ChoicesFromWidget.tsx';
import { DateWidget } from '../widgets/DateInput.tsx';
import { Forbidden } from '../shell/NotFound.tsx';
import { downloadReport } from './report-download.ts';
import { reportChartOption } from './report-chart.ts';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

type Row = Record<string, unknown>;
type Values = Record<string, string | number | boolean>;
/** Paged reports declare limit and offset among their parameters; the screen pages them itself. */
const PAGING = new Set(['limit', 'offset']);
const PAGE = 50;

/**
 * A report the entity's command declares: its filters as a form (kept in the address, so a report can be bookmarked
 * and shared), its chart, its table and its CSV and Excel exports. The server computes it; the screen only shows it.
 */
export default function ReportScreen({ screen, entity }: { screen: ScreenMeta; entity: EntityMeta }) {
  const { t, i18n } = useTranslation();
  const validator = useFormValidator();
  const command = entity.commands.find((c) => c.name === screen.report);
  const report = command?.report;
  const [params, setParams] = useSearchParams();
  const { loading, run } = useCall();
  const [result, setResult] = useState<{ list: Row[]; total: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const filters = useMemo(() => Object.entries(report?.parameters ?? {}).filter(([k]) => !PAGING.has(k)), [report]);
  const paged = report ? 'limit' in report.parameters && 'offset' in report.parameters : false;
  const values = useMemo(() => readValues(filters, params), [filters, params]);
  const offset = Number(params.get('offset') ?? 0) || 0;
  const ready = !!report && report.required.every((r) => values[r] !== undefined);
  const plans = useMeta().entities.find((e) => e.name === 'annual-plan');
  useDefaultPlan(report, values, setParams, !!plans);

  // the figures of the filters shown, never those of an earlier choice whose reply came late
  const latest = useRef(0);
  useEffect(() => {
    const call = ++latest.current;
    setResult(null);
    setFailed(false);
    if (!ready || !command) return;
    void run(command.error, () =>
      get(`${entity.name}/${command.name}`, { ...stringify(values), ...(paged && { limit: PAGE, offset }) }),
    ).then((d) => {
      if (call !== latest.current) return;
      if (d) setResult(d[command.dataKey]);
      else setFailed(true);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, entity.name, command, params]);

  const schema = useMemo<RJSFSchema>(
    () => ({
      type: 'object',
      required: [...(report?.required ?? [])],
      properties: Object.fromEntries(
        filters.map(([k, { title, 'x-enumNames': _n, 'x-choicesFrom': _c, ...rest }]) => [
          k,
          { ...(rest as RJSFSchema), title: t(title) },
        ]),
      ),
    }),
    [filters, report, t],
  );
  const uiSchema = useMemo<UiSchema>(() => {
    const ui: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
    for (const [k, p] of filters) {
      if (p['x-ref']) ui[k] = { 'ui:widget': 'reference', 'ui:options': { entity: p['x-ref'] } };
      else if (p['x-choicesFrom']) ui[k] = { 'ui:widget': 'choicesFrom', 'ui:options': { from: p['x-choicesFrom'] } };
      else if (p.enum)
        ui[k] = {
          'ui:enumNames': p.enum.map((v, i) =>
            p['x-enumNames']?.[i] ? enumName(t, p['x-enumNames'][i]) : optionLabel(t, v as string, p),
          ),
        };
    }
    return ui;
  }, [filters, t]);

  // a report the caller may not run is not theirs to see (its command is not in their meta)
  if (!command || !report) return <Forbidden />;
  const title = (key: string) => t(report.columns.find((c) => c.key === key)?.title ?? key);
  const category = (v: unknown) =>
    cell(
      report.columns.find((c) => c.key === report.chart?.category),
      v,
      t,
    );
  const rows = result?.list ?? [];
  const exportQuery = { ...stringify(values), lang: i18n.language };
  return (
    <section data-screen="report" data-entity={entity.name} data-report={command.name}>
      <h1>{t(screen.label ?? command.name)}</h1>
      <div className="card form-box report-filters">
        <Form
          schema={schema}
          uiSchema={uiSchema}
          formData={values}
          validator={validator}
          widgets={{ reference: ReferenceWidget, choicesFrom: ChoicesFromWidget, DateWidget }}
          formContext={{ formData: values, properties: report.parameters }}
          showErrorList={false}
          // the fields show what is wrong; a failed check is the user\'s to fix, not an error to log
          onError={() => undefined}
          noHtml5Validate
          onSubmit={(e) => setParams(toParams(e.formData ?? {}))}
        >
          <div className="row">
            <span className="spacer" />
            <button
              type="button"
              className="btn"
              disabled={!ready}
              onClick={() =>
                run(command.error, () => downloadReport(entity.name, command.name, { ...exportQuery, format: 'csv' }))
              }
            >
              {t('shell.exportCsv')}
            </button>
            <button
              type="button"
              className="btn"
              disabled={!ready}
              onClick={() =>
                run(command.error, () => downloadReport(entity.name, command.name, { ...exportQuery, format: 'xlsx' }))
              }
            >
              {t('shell.exportXlsx')}
            </button>
            <button className="btn btn-primary" type="submit" disabled={loading}>
              {t('shell.showReport')}
            </button>
          </div>
        </Form>
      </div>
      {!ready ? (
        <p className="muted">{t('shell.chooseReportFilters')}</p>
      ) : failed ? (
        <p className="error-text">{t('shell.somethingFailed')}</p>
      ) : !result ? (
        <p aria-busy="true">{t('shell.loading')}</p>
      ) : !rows.length ? (
        <p className="muted" data-testid="report-empty">
          {t('shell.reportEmpty')}
        </p>
      ) : (
        <>
          {/* the day the figures were read, in words (the spec's DD MMMM YYYY): a report is read and passed on as it stood */}
          <p className="muted" data-testid="report-as-of">
            {t('shell.reportAsOf', { date: formatLongDate(new Date().toISOString()) })}
          </p>
          {report.chart && (
            <div
              className="card"
              data-testid="report-chart"
              data-chart={JSON.stringify(
                rows.map((r) => [r[report.chart!.category], ...report.chart!.values.map((v) => r[v])]),
              )}
            >
              <Chart
                echarts={echarts}
                option={reportChartOption({ ...report, chart: report.chart }, rows, title, category)}
                notMerge
                style={{ height: 340, width: '100%' }}
              />
            </div>
          )}
          <div className="card table-box">
            <table className="report-table" data-testid="report-table">
              <thead>
                <tr>
                  {report.columns.map((c) => (
                    <th key={c.key} className={numeric(c.format) ? 'num' : undefined}>
                      {t(c.title)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={i}>
                    {report.columns.map((c) => (
                      <td key={c.key} className={numeric(c.format) ? 'num' : undefined}>
                        {cell(c, r[c.key], t)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {paged && (
            <div className="row pager">
              <span className="muted">
                {t('shell.pageOf', {
                  from: formatInteger(offset + 1),
                  to: formatInteger(offset + rows.length),
                  total: formatInteger(result.total),
                })}
              </span>
              <span className="spacer" />
              <button
                type="button"
                className="btn"
                disabled={offset === 0}
                onClick={() => setParams(toParams({ ...values, offset: Math.max(0, offset - PAGE) }))}
              >
                {t('shell.previousPage')}
              </button>
              <button
                type="button"
                className="btn"
                disabled={offset + rows.length >= result.total}
                onClick={() => setParams(toParams({ ...values, offset: offset + PAGE }))}
              >
                {t('shell.nextPage')}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

const numeric = (format: string) => format === 'integer' || format === 'number' || format === 'percent';

/** The filters named in the address, typed by their declaration (a bookmarked report opens as it was). */
function readValues(filters: [string, ReportMeta['parameters'][string]][], params: URLSearchParams): Values {
  const out: Values = {};
  for (const [k, p] of filters) {
    const raw = params.get(k);
    if (raw === null || raw === '') continue;
    out[k] = p.type === 'integer' || p.type === 'number' ? Number(raw) : p.type === 'boolean' ? raw === 'true' : raw;
  }
  return out;
}

const stringify = (v: Values) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]));
const toParams = (v: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(v)
      .filter(([, x]) => x !== undefined && x !== null && x !== '')
      .map(([k, x]) => [k, String(x)]),
  );

/**
 * A report that needs an annual plan opens on the one the server calls current (annual-plan/current: the plan of
 * today, else the newest with scorecards, else the newest), so the first look shows figures, not an empty form.
 */
function useDefaultPlan(
  report: ReportMeta | undefined,
  values: Values,
  setParams: (p: URLSearchParams, o?: { replace: boolean }) => void,
  plansReadable: boolean,
) {
  const needs = plansReadable
    ? report?.required.find((r) => report.parameters[r]?.['x-ref'] === 'annual-plan' && values[r] === undefined)
    : undefined;
  useEffect(() => {
    if (!needs) return;
    let live = true;
    void get('annual-plan/current').then((r) => {
      const plan = succeeded(r) ? (r.data.annualPlan as Row | null) : null;
      if (live && plan) setParams(toParams({ ...values, [needs]: plan.id }), { replace: true });
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needs]);
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Chart } from '../../widgets/Chart.tsx';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { CompetencyResult, RaterGroup } from '../../../../engine/hooks/degree-360/rater-groups.ts';
import { get } from '../../api/api-client.ts';
import { useCall } from '../../api/call-state.tsx';
import { formatAmount } from '../../format/formats.ts';
import { optionLabel } from '../../meta/labels.ts';
import type { ScreenMeta } from '../../meta/meta-types.ts';
import { resultOption } from './result-chart.ts';

// Only what a bar chart needs, so that no other screen loads ECharts for this one.
echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

interface Result {
  reviewedEmployeeId: number;
  name: string;
  minRaters: number;
  groups: RaterGroup[];
  competencies: CompetencyResult[];
}
interface Option {
  id: number;
  name: string;
}

/**
 * /app/reports/degree-360-reviews?surveyId=&reviewedEmployeeId=: a reviewed employee's average rating per competency,
 * the self-rating beside each group of other raters, as a chart and as the same figures in a table.
 */
export default function Degree360Result({ screen }: { screen: ScreenMeta }) {
  const { t } = useTranslation();
  const { run } = useCall();
  const [params, setParams] = useSearchParams();
  const surveyId = params.get('surveyId') ?? '';
  const reviewedEmployeeId = params.get('reviewedEmployeeId') ?? '';
  const [surveys, setSurveys] = useState<Option[]>([]);
  const [reviewed, setReviewed] = useState<Option[]>([]);
  const [scaleMax, setScaleMax] = useState(5);
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    void run('error.getSurvey', () => get('survey', { limit: 500, sort: 'name' })).then((d) => d && setSurveys(d.list));
  }, [run]);
  useEffect(() => {
    setReviewed([]);
    if (!surveyId) return;
    void run('error.getReviewedEmployees', () => get('reviewed-employee', { surveyId, limit: 500, sort: 'name' })).then(
      (d) => d && setReviewed(d.list),
    );
    void run('error.getSurveyScales', () => get('survey-scale', { surveyId, limit: 500, sort: '-value' })).then(
      (d) => d && setScaleMax(d.list[0]?.value ?? 5),
    );
  }, [surveyId, run]);
  useEffect(() => {
    setResult(null);
    if (reviewedEmployeeId)
      void run('error.getDegree360Result', () => get('reviewed-employee/result', { id: reviewedEmployeeId })).then(
        (d) => d && setResult(d.result),
      );
  }, [reviewedEmployeeId, run]);

  const choose = (next: Record<string, string>) =>
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)));
  const groupLabel = (g: RaterGroup) => optionLabel(t, g === 'Others' ? 'others' : g);
  return (
    <section data-screen="degree-360-result">
      <h1>{t(screen.label ?? 'screen.degree360Reviews')}</h1>
      <div className="toolbar">
        <label htmlFor="result-survey">{t('entity.survey')}</label>
        <select
          id="result-survey"
          className="input"
          style={{ maxWidth: 320 }}
          value={surveyId}
          onChange={(e) => choose({ surveyId: e.target.value })}
        >
          <option value="">{t('shell.choose')}</option>
          {surveys.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        <label htmlFor="result-employee">{t('field.reviewedEmployee')}</label>
        <select
          id="result-employee"
          className="input"
          style={{ maxWidth: 320 }}
          value={reviewedEmployeeId}
          disabled={!surveyId}
          onChange={(e) => choose({ surveyId, reviewedEmployeeId: e.target.value })}
        >
          <option value="">{t('shell.choose')}</option>
          {reviewed.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
      {!result && <p className="muted">{t('screen.degree360Result.choose')}</p>}
      {result && (
        <>
          <p className="muted">{t('screen.degree360Result.note', { min: result.minRaters })}</p>
          {result.groups.length === 0 ? (
            <p className="muted">{t('shell.noRecords')}</p>
          ) : (
            <div
              className="card"
              data-chart="degree-360-result"
              role="img"
              aria-label={t('screen.degree360Result.chart')}
            >
              <Chart
                echarts={echarts}
                option={resultOption(result.competencies, result.groups, groupLabel, scaleMax)}
                style={{ height: 360 }}
                notMerge
              />
            </div>
          )}
          <div className="card">
            <table className="table" data-result={result.reviewedEmployeeId}>
              <caption>
                {t('screen.degree360Result.chart')}: {result.name}
              </caption>
              <thead>
                <tr>
                  <th>{t('field.competency')}</th>
                  {result.groups.map((g) => (
                    <th key={g}>{groupLabel(g)}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {result.competencies.map((c) => (
                  <tr key={c.competencyId} data-competency={c.competency}>
                    <td>{c.competency}</td>
                    {result.groups.map((g) => {
                      const cell = c.groups[g];
                      return (
                        <td key={g} data-group={g}>
                          {!cell ? (
                            '—'
                          ) : cell.hidden ? (
                            <span className="muted" data-hidden={cell.because}>
                              {t(`screen.degree360Result.${cell.because}`, {
                                count: cell.reviewers,
                                min: result.minRaters,
                              })}
                            </span>
                          ) : (
                            <span title={t('screen.degree360Result.reviewers', { count: cell.reviewers })}>
                              {formatAmount(cell.average)}
                            </span>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

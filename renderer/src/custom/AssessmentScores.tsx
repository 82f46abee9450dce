import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get, post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { formatFigure } from '../format/formats.ts';
import { optionLabel } from '../meta/labels.ts';
import { useMeta } from '../meta/meta-context.tsx';
import { useSession } from '../session/use-session.ts';
import type { PanelProps } from './custom-panels.ts';
import { allowedOn } from '../meta/record-allowed.ts';

type Row = Record<string, any>;
type ScoreField = 'selfScore' | 'manualRatingScore' | 'adjustedScore' | 'comment';

/** While these states last the supervisor (or the PM committee) still rates; the employee self-rates while Open. */
const RATING_STATES = ['Open', 'SelfAssessed', 'ReferredBack'];

/**
 * The KPI scores of an assessment, under its form: every KPI of the scorecard with its weight and target, the
 * employee's self score, the supervisor's rating and adjusted score, and a comment. Each party gets inputs for its own
 * scores while the assessment is in a state that takes them (the server decides again); one save stores them all
 * (`save-scores`), and the totals are recomputed when the assessment moves on (submitted, assessed).
 */
export default function AssessmentScores({ entity, record, onChanged }: PanelProps) {
  const { t } = useTranslation();
  const meta = useMeta();
  const session = useSession();
  const { loading, run } = useCall();
  const scorecardEntity = meta.entities.find((e) => e.name === 'performance-scorecard');
  const planEntity = meta.entities.find((e) => e.name === 'annual-plan');
  const [kpis, setKpis] = useState<Row[] | null>(null);
  const [scoringMode, setScoringMode] = useState<string | null>(null);
  const entered = useMemo(() => new Map<number, Row>(((record.kpiAssessmentList ?? []) as Row[]).map((r) => [Number(r.kpiId), r])), [record]);
  const [draft, setDraft] = useState<Record<number, Partial<Record<ScoreField, string>>>>({});

  useEffect(() => {
    if (!scorecardEntity) return;
    // the KPIs come with their scorecard: only those who may read the scorecard may read its KPIs
    void run(scorecardEntity.errors.read, () => get(`performance-scorecard/${record.scorecardId}`)).then((d) => {
      const card = d?.[scorecardEntity.dataKeys.item];
      if (!card) return;
      const all: Row[] = [...(card.kpiList ?? []), ...((card.keyPerformanceAreaList ?? []) as Row[]).flatMap((a) => a.kpiList ?? [])];
      setKpis([...new Map(all.map((k) => [k.id, k])).values()].sort((a, b) => a.id - b.id));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record.scorecardId]);
  useEffect(() => {
    if (!planEntity || !record.annualPlanId) return;
    // the plan's scoring mode says which KPIs a manual rating counts for (the server refuses the others)
    void get(`annual-plan/${record.annualPlanId}`).then((e) => setScoringMode(e.data?.[planEntity.dataKeys.item]?.scoringMode ?? 'automatic'));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record.annualPlanId]);
  // spec 001 §9: in automatic mode a quantitative KPI is scored from its actual, so no manual rating is offered for it
  const manualCounts = (k: Row) => scoringMode === 'manual' || k.kpiType !== 'Quantitative';
  useEffect(() => setDraft({}), [record]);

  const isEmployee = record.type === 'Personal' && record.employeeId === session?.employeeId;
  // the server says whether this caller may save scores on this assessment now (not once its lock closes the scores); the state says which
  const allowed = allowedOn(entity, record);
  const maySave = allowed.commands.includes('save-scores') && !allowed.lockedChildren?.includes('kpiAssessmentList');
  const rating = maySave && !isEmployee && RATING_STATES.includes(record.status);
  const editable: Record<ScoreField, boolean> = {
    selfScore: maySave && isEmployee && record.status === 'Open',
    manualRatingScore: rating,
    adjustedScore: rating,
    comment: maySave && RATING_STATES.includes(record.status),
  };
  const anyEditable = Object.values(editable).some(Boolean);
  const save = useMemo(() => entity.commands.find((c) => c.name === 'save-scores'), [entity]);

  const value = (kpiId: number, f: ScoreField): string => draft[kpiId]?.[f] ?? (entered.get(kpiId)?.[f] ?? '').toString();
  const set = (kpiId: number, f: ScoreField, v: string) => setDraft((d) => ({ ...d, [kpiId]: { ...d[kpiId], [f]: v } }));
  const submit = async () => {
    const scores = Object.entries(draft).map(([kpiId, fields]) => ({
      kpiId: Number(kpiId),
      ...Object.fromEntries(Object.entries(fields).map(([f, v]) => [f, f === 'comment' ? v : v === '' ? null : Number(v)])),
    }));
    if (!scores.length || !save) return;
    const d = await run(save.error, () => post(`${entity.name}/save-scores`, { id: record.id, scores }));
    if (d) onChanged(d[save.dataKey]);
  };

  const scoreInput = (k: Row, f: ScoreField) =>
    f === 'manualRatingScore' && !manualCounts(k) ? (
      <span className="muted" data-testid="scored-from-actual">
        {t('shell.scoredFromActual')}
      </span>
    ) : editable[f] ? (
      <input
        className="input"
        type={f === 'comment' ? 'text' : 'number'}
        min={0}
        step="any"
        aria-label={`${t(`field.${f}`)} ${k.name}`}
        value={value(k.id, f)}
        onChange={(e) => set(k.id, f, e.target.value)}
      />
    ) : f === 'comment' ? (
      value(k.id, f) || '—'
    ) : (
      formatFigure(value(k.id, f))
    );

  return (
    <div className="card" data-testid="assessment-scores">
      <h2>{t('screen.assessmentScores')}</h2>
      <p className="muted">
        {t('field.selfScore')}: <strong>{formatFigure(record.selfScore)}</strong> · {t('field.score')}: <strong>{formatFigure(record.score)}</strong> · {t('field.finalScore')}:{' '}
        <strong data-testid="final-score">{formatFigure(record.finalScore)}</strong>
      </p>
      {!kpis ? (
        <p aria-busy="true">{t('shell.loading')}</p>
      ) : !kpis.length ? (
        <p className="muted">{t('shell.noRecords')}</p>
      ) : (
        <div className="table-box">
          <table className="report-table">
            <thead>
              <tr>
                <th>{t('entity.performanceKpi')}</th>
                <th>{t('field.kpiType')}</th>
                <th className="num">{t('field.weight')}</th>
                <th className="num">{t('field.target')}</th>
                <th>{t('field.selfScore')}</th>
                <th>{t('field.manualRatingScore')}</th>
                <th>{t('field.adjustedScore')}</th>
                <th>{t('field.comment')}</th>
              </tr>
            </thead>
            <tbody>
              {kpis.map((k) => (
                <tr key={k.id}>
                  <td>{k.name}</td>
                  <td>{k.kpiType ? optionLabel(t, k.kpiType) : '—'}</td>
                  <td className="num">{formatFigure(k.weight)}</td>
                  <td className="num">{formatFigure(k.target)}</td>
                  <td>{scoreInput(k, 'selfScore')}</td>
                  <td>{scoreInput(k, 'manualRatingScore')}</td>
                  <td>{scoreInput(k, 'adjustedScore')}</td>
                  <td>{scoreInput(k, 'comment')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {anyEditable && (
        <div className="row">
          <span className="spacer" />
          <button type="button" className="btn btn-primary" disabled={loading || !Object.keys(draft).length} onClick={submit}>
            {t('shell.saveScores')}
          </button>
        </div>
      )}
    </div>
  );
}

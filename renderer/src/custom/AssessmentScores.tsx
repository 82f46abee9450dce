import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get, post } from '../api/api-client.ts';
import { useCall, useCallError, type CallError } from '../api/call-state.tsx';
import { formatFigure, formatNumber } from '../format/formats.ts';
import { optionLabel } from '../meta/labels.ts';
import { useMeta } from '../meta/meta-context.tsx';
import { useSession } from '../session/use-session.ts';
import type { PanelProps } from './custom-panels.ts';
import { allowedOn } from '../meta/record-allowed.ts';

type Row = Record<string, any>;
type ScoreField = 'selfScore' | 'manualRatingScore' | 'adjustedScore' | 'comment' | 'supervisorComment';
/** The fields that hold words: each party's own comment, never a rating. */
const isComment = (f: ScoreField) => f === 'comment' || f === 'supervisorComment';
/** A score field's label; the employee's comment is named as theirs, beside the supervisor's. */
const scoreLabel = (f: ScoreField) => (f === 'comment' ? 'field.employeeComment' : `field.${f}`);

/** While these states last the supervisor (or the PM committee) still rates; the employee self-rates while Open. */
const RATING_STATES = ['Open', 'SelfAssessed', 'ReferredBack'];

/**
 * The KPI scores of an assessment, under its form: every KPI of the scorecard with its weight and target, the
 * employee's self score, the supervisor's rating and adjusted score, and each party's own comment. Each party gets inputs for its own
 * scores while the assessment is in a state that takes them (the server decides again); one save stores them all
 * (`save-scores`), and the totals are recomputed when the assessment moves on (submitted, assessed).
 */
export default function AssessmentScores({ entity, record, onChanged }: PanelProps) {
  const { t } = useTranslation();
  const meta = useMeta();
  const session = useSession();
  const { loading, run } = useCall();
  const { setError } = useCallError();
  const scorecardEntity = meta.entities.find((e) => e.name === 'performance-scorecard');
  const planEntity = meta.entities.find((e) => e.name === 'annual-plan');
  const [kpis, setKpis] = useState<Row[] | null>(null);
  const [scoringMode, setScoringMode] = useState<string | null>(null);
  const entered = useMemo(
    () => new Map<number, Row>(((record.kpiAssessmentList ?? []) as Row[]).map((r) => [Number(r.kpiId), r])),
    [record],
  );
  const [draft, setDraft] = useState<Record<number, Partial<Record<ScoreField, string>>>>({});
  // the plan's rating scale bounds every score (1..5 until it is known, as the server's default)
  const [range, setRange] = useState<{ min: number; max: number }>({ min: 1, max: 5 });
  // what is wrong with each KPI's row, by KPI and field: said beside the score, not only in a dialog
  const [problems, setProblems] = useState<Record<number, Partial<Record<ScoreField, string>>>>({});

  useEffect(() => {
    if (!scorecardEntity) return;
    // the KPIs come with their scorecard: only those who may read the scorecard may read its KPIs
    void run(scorecardEntity.errors.read, () => get(`performance-scorecard/${record.scorecardId}`)).then((d) => {
      const card = d?.[scorecardEntity.dataKeys.item];
      if (!card) return;
      const all: Row[] = [
        ...(card.kpiList ?? []),
        ...((card.keyPerformanceAreaList ?? []) as Row[]).flatMap((a) => a.kpiList ?? []),
      ];
      setKpis([...new Map(all.map((k) => [k.id, k])).values()].sort((a, b) => a.id - b.id));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record.scorecardId]);
  useEffect(() => {
    if (!planEntity || !record.annualPlanId) return;
    // the plan's scoring mode says which KPIs a manual rating counts for (the server refuses the others)
    void get(`annual-plan/${record.annualPlanId}`).then((e) =>
      setScoringMode(e.data?.[planEntity.dataKeys.item]?.scoringMode ?? 'automatic'),
    );
    void get('performance-scorecard/scores', {
      annualPlanId: record.annualPlanId,
      scorecardId: record.scorecardId,
      limit: 1,
    }).then((e) => {
      const r = e.data?.scores?.ratingRange;
      if (r) setRange(r);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record.annualPlanId]);
  // spec 001 §9: in automatic mode a quantitative KPI is scored from its actual, so no manual rating is offered for it
  const manualCounts = (k: Row) => scoringMode === 'manual' || k.kpiType !== 'Quantitative';
  useEffect(() => {
    setDraft({});
    setProblems({});
  }, [record]);

  const isEmployee = record.type === 'Personal' && record.employeeId === session?.employeeId;
  // the server says whether this caller may save scores on this assessment now (not once its lock closes the scores); the state says which
  const allowed = allowedOn(entity, record);
  const maySave = allowed.commands.includes('save-scores') && !allowed.lockedChildren?.includes('kpiAssessmentList');
  const rating = maySave && !isEmployee && RATING_STATES.includes(record.status);
  const editable: Record<ScoreField, boolean> = {
    selfScore: maySave && isEmployee && record.status === 'Open',
    manualRatingScore: rating,
    adjustedScore: rating,
    comment: maySave && isEmployee && record.status === 'Open',
    supervisorComment: rating,
  };
  const anyEditable = Object.values(editable).some(Boolean);
  const save = useMemo(() => entity.commands.find((c) => c.name === 'save-scores'), [entity]);

  const value = (kpiId: number, f: ScoreField): string =>
    draft[kpiId]?.[f] ?? (entered.get(kpiId)?.[f] ?? '').toString();
  const set = (kpiId: number, f: ScoreField, v: string) => {
    setDraft((d) => ({ ...d, [kpiId]: { ...d[kpiId], [f]: v } }));
    setProblems((p) => ({ ...p, [kpiId]: { ...p[kpiId], [f]: undefined } }));
  };
  /** A score outside the plan's scale, worded as the server words it (an adjusted 0 adjusts nothing, so it is allowed). */
  const scoreProblem = (f: ScoreField, v: string): string | undefined => {
    if (isComment(f) || v.trim() === '') return undefined;
    const n = Number(v);
    if (f === 'adjustedScore' && n === 0) return undefined;
    const words = { field: t(scoreLabel(f)), min: formatNumber(range.min), max: formatNumber(range.max) };
    if (!Number.isFinite(n) || n < range.min || n > range.max) return t('validation.between', words);
    if (!Number.isInteger(n)) return t('refusal.score.wholeBetween', words);
    return undefined;
  };
  const submit = async () => {
    const rows = Object.entries(draft).map(([kpiId, fields]) => ({ kpiId: Number(kpiId), fields }));
    if (!rows.length || !save) return;
    // the form's own check first: every row it refuses is marked, and what was typed stays
    const found: typeof problems = {};
    for (const { kpiId, fields } of rows)
      for (const [f, v] of Object.entries(fields) as [ScoreField, string][]) {
        const p = scoreProblem(f, v);
        if (p) found[kpiId] = { ...found[kpiId], [f]: p };
      }
    setProblems(found);
    if (Object.keys(found).length) return;
    const scores = rows.map(({ kpiId, fields }) => ({
      kpiId,
      ...Object.fromEntries(
        Object.entries(fields).map(([f, v]) => [f, isComment(f as ScoreField) ? v : v === '' ? null : Number(v)]),
      ),
    }));
    // the server's refusals of a row (scores.<i>.<field>) are shown on that row; any other in the dialog
    const onFailure = (e: CallError) => {
      const byRow: typeof problems = {};
      for (const fe of e.fieldErrors) {
        const m = /^scores\.(\d+)\.(\w+)$/.exec(fe.field ?? '');
        const row = m ? rows[Number(m[1])] : undefined;
        if (row) byRow[row.kpiId] = { ...byRow[row.kpiId], [m![2] as ScoreField]: fe.message };
      }
      setProblems(byRow);
      // every refusal is on its row: no dialog hides the rows they are beside
      if (e.fieldErrors.length && e.fieldErrors.every((fe) => /^scores\.\d+\./.test(fe.field ?? ''))) setError(null);
    };
    const d = await run(save.error, () => post(`${entity.name}/save-scores`, { id: record.id, scores }), { onFailure });
    if (d) onChanged(d[save.dataKey]);
  };

  const scoreInput = (k: Row, f: ScoreField) =>
    f === 'manualRatingScore' && !manualCounts(k) ? (
      <span className="muted" data-testid="scored-from-actual">
        {t('shell.scoredFromActual')}
      </span>
    ) : editable[f] ? (
      <>
        <input
          className="input"
          type={isComment(f) ? 'text' : 'number'}
          {...(isComment(f) ? {} : { min: f === 'adjustedScore' ? 0 : range.min, max: range.max, step: 1 })}
          aria-label={`${t(scoreLabel(f))} ${k.name}`}
          aria-invalid={problems[k.id]?.[f] ? true : undefined}
          aria-describedby={problems[k.id]?.[f] ? `score-problem-${k.id}-${f}` : undefined}
          value={value(k.id, f)}
          onChange={(e) => set(k.id, f, e.target.value)}
        />
        {problems[k.id]?.[f] && (
          <span id={`score-problem-${k.id}-${f}`} className="error-text field-problem" role="alert" data-problem={f}>
            {problems[k.id]![f]}
          </span>
        )}
      </>
    ) : isComment(f) ? (
      value(k.id, f) || '—'
    ) : (
      formatFigure(value(k.id, f))
    );

  return (
    <div className="card" data-testid="assessment-scores">
      <h2>{t('screen.assessmentScores')}</h2>
      <p className="muted">
        {t('field.selfScore')}: <strong>{formatFigure(record.selfScore)}</strong> · {t('field.score')}:{' '}
        <strong>{formatFigure(record.score)}</strong> · {t('field.finalScore')}:{' '}
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
                <th>{t('field.employeeComment')}</th>
                <th>{t('field.supervisorComment')}</th>
              </tr>
            </thead>
            <tbody>
              {kpis.map((k) => (
                <tr
                  key={k.id}
                  data-kpi={k.name}
                  aria-invalid={problems[k.id] && Object.values(problems[k.id]).some(Boolean) ? true : undefined}
                >
                  <td>{k.name}</td>
                  <td>{k.kpiType ? optionLabel(t, k.kpiType) : '—'}</td>
                  <td className="num">{formatFigure(k.weight)}</td>
                  <td className="num">{formatFigure(k.target)}</td>
                  <td>{scoreInput(k, 'selfScore')}</td>
                  <td>{scoreInput(k, 'manualRatingScore')}</td>
                  <td>{scoreInput(k, 'adjustedScore')}</td>
                  <td>{scoreInput(k, 'comment')}</td>
                  <td>{scoreInput(k, 'supervisorComment')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {anyEditable && (
        <div className="row">
          <span className="spacer" />
          <button
            type="button"
            className="btn btn-primary"
            disabled={loading || !Object.keys(draft).length}
            onClick={submit}
          >
            {t('shell.saveScores')}
          </button>
        </div>
      )}
    </div>
  );
}

import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { get, post } from '../api/api-client.ts';
import { succeeded } from '../api/envelope.ts';
import { useCall } from '../api/call-state.tsx';
import { optionLabel, quarterName } from '../meta/labels.ts';
import { useMeta } from '../meta/meta-context.tsx';
import { RecordHistory } from '../screens/RecordHistory.tsx';
import type { ScreenMeta } from '../meta/meta-types.ts';
import { WorkflowActions } from '../screens/WorkflowActions.tsx';
import { Stepper } from '../lifecycle/Stepper.tsx';
import { progressColour, ratingPercent } from '../../../engine/hooks/performance/scoring.ts';
import {
  quarterFigures,
  scoreKpi,
  scoreScorecard,
  type ScoredKpi,
  type ScoringRules,
} from '../../../engine/hooks/performance/quarter-score.ts';
import { allowedOn } from '../meta/record-allowed.ts';
import { RecordForbidden } from '../shell/NotFound.tsx';
import { formatDate, formatFigure, formatNumber, formatPercent } from '../format/formats.ts';
import type { ActualsWindow } from '../../../engine/hooks/performance/quarter-windows.ts';
import { approvalGaps } from '../../../engine/hooks/performance/scorecard-readiness.ts';
import { quarterDates, quarterOn } from '../../../engine/hooks/performance/plan-calendar.ts';
import { wordText, type Translate } from '../../../engine/i18n/text.ts';
import { ScorecardVisibility } from './ScorecardVisibility.tsx';
import { ScorecardCascade } from './ScorecardCascade.tsx';
import { ScorecardOrigin } from './ScorecardOrigin.tsx';

type Row = Record<string, any>;
/** A KPI as the editor holds it: numbers as typed (text), so that nothing typed is lost mid-number. */
interface KpiDraft {
  key: string;
  id?: number;
  name: string;
  kpiType: string;
  optionType: string;
  weight: string;
  baseline: string;
  target: string;
  targetDate: string;
  periodicTargets: string[];
  actuals: string[];
  manualRatingScore: string;
  aKpiId?: number | null;
}
interface AreaDraft {
  key: string;
  id?: number;
  name: string;
  kpis: KpiDraft[];
}

let nextKey = 0;
const newKey = () => `k${++nextKey}`;
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const num = (s: string): number | null => (s.trim() === '' || !Number.isFinite(Number(s)) ? null : Number(s));

function kpiDraft(k: Row): KpiDraft {
  return {
    key: newKey(),
    id: k.id,
    name: k.name ?? '',
    kpiType: k.kpiType ?? 'Quantitative',
    optionType: k.optionType ?? 'ASC',
    weight: text(k.weight),
    baseline: text(k.baseline),
    target: text(k.target),
    targetDate: k.targetDate ?? '',
    periodicTargets: [1, 2, 3, 4].map((n) => text(k[`periodicTarget${n}`])),
    actuals: [1, 2, 3, 4].map((n) => text(k[`actual${n}`])),
    manualRatingScore: text(k.manualRatingScore),
    aKpiId: k.aKpiId,
  };
}

function asScored(k: KpiDraft): ScoredKpi {
  const out: Record<string, unknown> = {
    kpiType: k.kpiType,
    optionType: k.optionType,
    weight: num(k.weight),
    target: num(k.target),
    manualRatingScore: num(k.manualRatingScore),
  };
  k.periodicTargets.forEach((v, i) => (out[`periodicTarget${i + 1}`] = num(v)));
  k.actuals.forEach((v, i) => (out[`actual${i + 1}`] = num(v)));
  return out as ScoredKpi;
}

/** What save-kpis takes for one KPI: only what was filled in. */
function kpiPayload(k: KpiDraft): Row {
  const out: Row = { name: k.name, kpiType: k.kpiType, optionType: k.optionType, weight: num(k.weight) ?? 0 };
  if (k.id) out.id = k.id;
  for (const [f, v] of [
    ['baseline', k.baseline],
    ['target', k.target],
    ['manualRatingScore', k.manualRatingScore],
  ] as const)
    if (num(v) !== null) out[f] = num(v);
  k.periodicTargets.forEach((v, i) => num(v) !== null && (out[`periodicTarget${i + 1}`] = num(v)));
  if (k.targetDate) out.targetDate = k.targetDate;
  return out;
}

/** Today where the user is, as an ISO day. */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * The quarter a scorecard opens on: the one of its plan that holds today (Q1 before the plan, Q4 after it), from the
 * annual plan's quarters as stored (they follow the plan's dates), or an operational plan's own dates.
 */
async function currentQuarter(card: Row): Promise<number> {
  if (card.annualPlanId) {
    const r = await get('quarter', { annualPlanId: card.annualPlanId, sort: 'quarterIndex', limit: 4 });
    return succeeded(r) ? quarterOn(r.data.list ?? [], today()) : 0;
  }
  if (card.operationalPlanId) {
    const r = await get(`operational-plan/${card.operationalPlanId}`);
    const plan = succeeded(r) ? (Object.values(r.data)[0] as Row | undefined) : undefined;
    return plan?.startDate && plan?.endDate ? quarterOn(quarterDates(plan.startDate, plan.endDate), today()) : 0;
  }
  return 0;
}

/**
 * The scorecard editor: key performance areas with their KPIs in one view, and one quarter's actuals with each KPI's
 * score, its colour and the weighted total, all updating as you type (the same scoring hooks the server uses). A
 * draft is saved however far it is built; what it still lacks for approval (weights totalling 100, a target for each
 * quantitative KPI…) is listed under it as one types (the same judgement the approve step makes).
 */
export default function ScorecardEditor(_: { screen: ScreenMeta }) {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  // one editor per scorecard: a link to another (a scorecard just cascaded) opens it afresh, on its own quarter
  return <OneScorecard key={id} id={id} />;
}

function OneScorecard({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const meta = useMeta();
  // an employee who is no module admin reads scorecards record by record: the entity may be absent from the meta
  const entity = meta.entities.find((e) => e.name === 'performance-scorecard');
  const { loading, run } = useCall();
  const [record, setRecord] = useState<Row | null>(null);
  const [rules, setRules] = useState<ScoringRules | null>(null);
  // each quarter's window for actuals, as the server judges update-actuals (null until the plan's scores come)
  const [windows, setWindows] = useState<ActualsWindow[] | null>(null);
  const [areas, setAreas] = useState<AreaDraft[]>([]);
  // the quarter shown: the current one of the scorecard's plan once known (null until then), then the user's choice
  const [quarter, setQuarterChosen] = useState<number | null>(null);
  const q = quarter ?? 0;
  const [message, setMessage] = useState<string | null>(null);
  const [unreadable, setUnreadable] = useState<string | null>(null);

  /** Shows the scorecard as stored; `typed`: KPIs as the editor held them, whose actuals typed but not yet saved stay. */
  const load = useCallback(
    async (r?: Row, typed?: Map<number, KpiDraft>) => {
      const card =
        r ??
        (
          await run(entity?.errors.read ?? 'error.getScorecard', () => get(`performance-scorecard/${id}`), {
            // a scorecard the caller may not read is said so on the page, not left "Loading…"
            onFailure: (e) => {
              if (e.code !== 'forbidden' && e.code !== 'not_found') return false;
              setUnreadable(e.message);
              return true;
            },
          })
        )?.scorecard;
      if (!card) return;
      const draftOf = (k: Row) => {
        const d = kpiDraft(k);
        const held = typed?.get(k.id);
        return held ? { ...d, actuals: held.actuals } : d;
      };
      setRecord(card);
      setAreas(
        card.includeKeyPerformanceArea === 'Yes'
          ? card.keyPerformanceAreaList.map((a: Row) => ({
              key: newKey(),
              id: a.id,
              name: a.name,
              kpis: a.kpiList.map(draftOf),
            }))
          : [{ key: newKey(), name: '', kpis: card.kpiList.map(draftOf) }],
      );
      const plan = card.annualPlanId
        ? { annualPlanId: card.annualPlanId }
        : card.operationalPlanId
          ? { operationalPlanId: card.operationalPlanId }
          : null;
      if (plan) {
        const s = await run('error.getScorecardScores', () =>
          get('performance-scorecard/scores', { ...plan, scorecardId: card.id }),
        );
        if (s) {
          setRules({ bands: s.scores.bands, mode: s.scores.mode, averageTargetType: s.scores.averageTargetType });
          setWindows(s.scores.actualsWindows ?? []);
        }
      }
    },
    [id, run],
  );
  useEffect(() => {
    if (id) void load();
  }, [id, load]);
  // opens on the quarter we are in, once the scorecard (and so its plan) is known; a quarter chosen since stays
  const planKey = record ? `${record.annualPlanId ?? ''}/${record.operationalPlanId ?? ''}` : null;
  useEffect(() => {
    if (!planKey || quarter !== null) return;
    let live = true;
    void currentQuarter(record!).then((current) => live && setQuarterChosen((chosen) => chosen ?? current));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [planKey]);

  const kpis = useMemo(() => areas.flatMap((a) => a.kpis), [areas]);
  const weightTotal = Math.round(kpis.reduce((s, k) => s + (num(k.weight) ?? 0), 0) * 100) / 100;
  const remaining = Math.round((100 - weightTotal) * 100) / 100;
  const totals = rules ? scoreScorecard(kpis.map(asScored), rules, q) : null;
  // what the server says this caller may do with this scorecard now
  const may = allowedOn(entity, record);
  // KPIs are set while the scorecard's lock (from its approval on) leaves them open; actuals follow update-actuals
  const draft = !!record && may.commands.includes('save-kpis') && !may.lockedChildren?.includes('kpiList');
  // a quarter's actuals are saved only inside its window: outside it the server refuses, so no button is offered
  const quarterWindow = windows?.find((w) => w.quarter === q);
  const actualsOpen = may.commands.includes('update-actuals') && !!quarterWindow?.open;
  // hand ratings are the supervisor's (rate-kpis), not the employee's own: the employee sees them, read-only
  const ratingsOpen = may.commands.includes('rate-kpis') && !!quarterWindow?.open;
  // what this quarter's save takes: a saved quantitative KPI's actual, a hand-rated KPI's rating
  const takesActual = (k: KpiDraft) => !!k.id && k.kpiType === 'Quantitative' && actualsOpen;
  const takesRating = (k: KpiDraft) =>
    !!k.id && (k.kpiType !== 'Quantitative' || rules?.mode === 'manual') && ratingsOpen;
  // no Save where nothing on the screen can be typed: a scorecard of qualitative KPIs has no actuals to enter
  const savesActuals = kpis.some(takesActual);
  const savesRatings = kpis.some(takesRating);
  const withKpa = record?.includeKeyPerformanceArea === 'Yes';
  // what approval still asks for, as far as the editor holds the scorecard now
  const gaps = useMemo(
    () =>
      approvalGaps(
        areas.map((a) => ({ name: a.name, kpis: a.kpis.map((k) => ({ ...asScored(k), name: k.name })) })),
        withKpa,
      ).map((g) => wordText(t as unknown as Translate, g, i18n.language)),
    [areas, withKpa, t, i18n.language],
  );

  const changeKpi = (areaKey: string, kpiKey: string, change: Partial<KpiDraft>) =>
    setAreas((all) =>
      all.map((a) =>
        a.key !== areaKey ? a : { ...a, kpis: a.kpis.map((k) => (k.key === kpiKey ? { ...k, ...change } : k)) },
      ),
    );
  const addKpi = (areaKey: string) =>
    setAreas((all) =>
      all.map((a) =>
        a.key === areaKey ? { ...a, kpis: [...a.kpis, kpiDraft({ kpiType: 'Quantitative', optionType: 'ASC' })] } : a,
      ),
    );

  const saveKpis = async () => {
    setMessage(null);
    const body = withKpa
      ? {
          id,
          keyPerformanceAreas: areas.map((a) => ({
            ...(a.id ? { id: a.id } : {}),
            name: a.name,
            kpis: a.kpis.map(kpiPayload),
          })),
        }
      : { id, kpis: kpis.map(kpiPayload) };
    const d = await run('error.saveScorecardKpis', () => post('performance-scorecard/save-kpis', body));
    if (d) {
      // save-kpis does not take actuals (they are entered per quarter, in its window): ones typed and not yet saved
      // stay in the editor, to be saved with their quarter's button, instead of being replaced by the stored ones
      const stored = new Map<number, Row>(
        [...(d.item.kpiList ?? []), ...(d.item.keyPerformanceAreaList ?? []).flatMap((a: Row) => a.kpiList)].map(
          (k: Row) => [k.id, k],
        ),
      );
      const pending = kpis.filter(
        (k) =>
          k.id &&
          stored.has(k.id) &&
          k.actuals.some((v, i) => num(v) !== (stored.get(k.id!)![`actual${i + 1}`] ?? null)),
      );
      // read again rather than shown from the reply: a command's reply carries no _allowed, and without it the
      // editor would offer what /meta allows on scorecards in general, not what this caller may do with this one
      await load(undefined, new Map(pending.map((k) => [k.id!, k])));
      setMessage(
        pending.length ? t('scorecard.savedActualsPending', { quarter: quarterName(t, q) }) : t('scorecard.saved'),
      );
    }
  };
  const saveActuals = async () => {
    setMessage(null);
    // each KPI with what it takes here: a rating is sent only by whoever may rate, an actual only where it counts
    const actuals = kpis
      .filter((k) => takesActual(k) || takesRating(k))
      .map((k) => ({
        kpiId: k.id,
        ...(takesActual(k) ? { actual: num(k.actuals[q]) } : {}),
        ...(takesRating(k) ? { manualRatingScore: num(k.manualRatingScore) } : {}),
      }));
    // ratings alone go by their own command, so that a refusal is titled and worded for what the button saved
    const ratingsOnly = actuals.every((a) => !('actual' in a));
    const d = ratingsOnly
      ? await run('error.rateKpis', () =>
          post('performance-scorecard/rate-kpis', {
            id,
            quarter: q,
            ratings: actuals.map(({ kpiId, manualRatingScore }) => ({ kpiId, manualRatingScore })),
          }),
        )
      : await run('error.updateActuals', () =>
          post('performance-scorecard/update-actuals', { id, quarter: q, actuals }),
        );
    if (d) {
      await load();
      setMessage(t('scorecard.saved'));
    }
  };

  if (!id)
    return (
      <p className="error-text" data-screen="scorecard-editor">
        {t('shell.noRecordChosen')}
      </p>
    );
  if (unreadable !== null) return <RecordForbidden label="entity.performanceScorecard" why={unreadable} />;
  if (!record) return <p aria-busy="true">{t('shell.loading')}</p>;
  const figureInput = (label: string, value: string, onChange: (v: string) => void, disabled: boolean) => (
    <input
      className="input figure"
      inputMode="decimal"
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    />
  );
  return (
    <section data-screen="scorecard-editor" data-status={record.status} data-quarter={quarter ?? ''}>
      <h1>{record.name}</h1>
      <p className="muted">
        {optionLabel(t, record.level)} · {optionLabel(t, record.period)}
      </p>
      <ScorecardOrigin record={record} />
      <ScorecardVisibility
        record={record}
        mayChange={may.commands.includes('set-visible')}
        onChanged={() => void load()}
      />
      {entity && <Stepper entity={entity} record={record} />}
      {entity && <WorkflowActions entity={entity} record={record} onChanged={(r) => void load(r)} />}
      <div className="toolbar">
        <label htmlFor="quarter">{t('field.quarter')}</label>
        <select
          id="quarter"
          className="input"
          style={{ maxWidth: 160 }}
          value={q}
          onChange={(e) => setQuarterChosen(Number(e.target.value))}
        >
          {[0, 1, 2, 3].map((i) => (
            <option key={i} value={i}>
              {quarterName(t, i)}
            </option>
          ))}
        </select>
        <span className="spacer" />
        <span data-remaining={remaining} className={remaining === 0 ? 'muted' : 'error-text'}>
          {t('scorecard.weightRemaining', { remaining })}
        </span>
        <strong data-total={totals?.total ?? ''}>
          {t('scorecard.weightedTotal', { total: totals ? formatNumber(totals.total) : '–' })}
        </strong>
      </div>
      {areas.map((a) => (
        <div key={a.key} className="card table-box" style={{ marginBottom: 'var(--space-4)' }} data-area={a.name}>
          {withKpa && (
            <div className="row">
              <input
                className="input"
                aria-label={t('entity.performanceKpa')}
                placeholder={t('entity.performanceKpa')}
                value={a.name}
                disabled={!draft}
                onChange={(e) =>
                  setAreas((all) => all.map((x) => (x.key === a.key ? { ...x, name: e.target.value } : x)))
                }
              />
              {draft && (
                <button
                  type="button"
                  className="btn btn-sm"
                  onClick={() => setAreas((all) => all.filter((x) => x.key !== a.key))}
                >
                  {t('shell.delete')}
                </button>
              )}
            </div>
          )}
          {/* the name takes the room there is and wraps; kind and direction share a column; figures get room for their digits */}
          <table className="plain kpi-table">
            <thead>
              <tr>
                <th className="kpi-name">{t('field.name')}</th>
                <th>
                  {t('field.kpiType')}
                  <br />
                  {t('field.optionType')}
                </th>
                <th>{t('field.weight')}</th>
                <th>{t('field.baseline')}</th>
                <th>{t('field.target')}</th>
                <th>{t(`field.periodicTarget${q + 1}`)}</th>
                <th>{t(`field.actual${q + 1}`)}</th>
                <th>{t('field.manualRatingScore')}</th>
                <th>{t('scorecard.score')}</th>
                {draft && <th />}
              </tr>
            </thead>
            <tbody>
              {a.kpis.map((k) => {
                const scored = asScored(k);
                const score = rules ? scoreKpi(scored, rules, q) : null;
                const { actual, target } = quarterFigures(scored, q);
                const percent =
                  actual !== null && target !== null && k.kpiType === 'Quantitative'
                    ? ratingPercent(actual, target, k.optionType)
                    : null;
                const set = (change: Partial<KpiDraft>) => changeKpi(a.key, k.key, change);
                return (
                  <tr key={k.key} data-kpi={k.name}>
                    <td className="kpi-name">
                      <textarea
                        className="input"
                        rows={2}
                        aria-label={t('field.name')}
                        value={k.name}
                        disabled={!draft}
                        onChange={(e) => set({ name: e.target.value })}
                      />
                    </td>
                    <td className="kpi-kind">
                      <select
                        className="input"
                        aria-label={t('field.kpiType')}
                        value={k.kpiType}
                        disabled={!draft}
                        onChange={(e) => set({ kpiType: e.target.value })}
                      >
                        {['Quantitative', 'Qualitative'].map((v) => (
                          <option key={v} value={v}>
                            {optionLabel(t, v)}
                          </option>
                        ))}
                      </select>
                      {/* a direction compares an actual with its target: a qualitative KPI, rated by hand, has none */}
                      {k.kpiType === 'Quantitative' && (
                        <select
                          className="input"
                          aria-label={t('field.optionType')}
                          value={k.optionType}
                          disabled={!draft}
                          onChange={(e) => set({ optionType: e.target.value })}
                        >
                          {['ASC', 'DESC'].map((v) => (
                            <option key={v} value={v}>
                              {optionLabel(t, v)}
                            </option>
                          ))}
                        </select>
                      )}
                    </td>
                    <td>{figureInput(t('field.weight'), k.weight, (v) => set({ weight: v }), !draft)}</td>
                    <td>{figureInput(t('field.baseline'), k.baseline, (v) => set({ baseline: v }), !draft)}</td>
                    <td>{figureInput(t('field.target'), k.target, (v) => set({ target: v }), !draft)}</td>
                    <td>
                      {figureInput(
                        t(`field.periodicTarget${q + 1}`),
                        k.periodicTargets[q],
                        (v) => set({ periodicTargets: k.periodicTargets.map((x, i) => (i === q ? v : x)) }),
                        !draft,
                      )}
                    </td>
                    <td>
                      {figureInput(
                        t(`field.actual${q + 1}`),
                        k.actuals[q],
                        (v) => set({ actuals: k.actuals.map((x, i) => (i === q ? v : x)) }),
                        !takesActual(k),
                      )}
                    </td>
                    <td>
                      {figureInput(
                        t('field.manualRatingScore'),
                        k.manualRatingScore,
                        (v) => set({ manualRatingScore: v }),
                        !takesRating(k),
                      )}
                    </td>
                    <td>
                      <span
                        className={`badge badge-${percent === null ? 'muted' : progressColour(percent)}`}
                        data-score={score ?? ''}
                        title={percent === null ? '' : formatPercent(percent)}
                      >
                        {score === null ? '–' : formatFigure(score)}
                      </span>
                    </td>
                    {draft && (
                      <td>
                        {/* a cross, named for what it does: the KPI columns keep their room in every language */}
                        <button
                          type="button"
                          className="btn btn-sm"
                          aria-label={`${t('shell.delete')} ${k.name}`}
                          title={t('shell.delete')}
                          onClick={() =>
                            setAreas((all) =>
                              all.map((x) =>
                                x.key === a.key ? { ...x, kpis: x.kpis.filter((y) => y.key !== k.key) } : x,
                              ),
                            )
                          }
                        >
                          ×
                        </button>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
          {draft && (
            <button type="button" className="btn btn-sm" onClick={() => addKpi(a.key)}>
              {t('scorecard.addKpi')}
            </button>
          )}
        </div>
      ))}
      {record.status === 'Draft' && (
        // a draft saves as far as it is built; what approval still asks for is said here, not by refusing the save
        <div className="card" data-testid="approval-gaps" data-ready={gaps.length === 0}>
          {gaps.length === 0 ? (
            <p className="muted" style={{ margin: 0 }}>
              {t('scorecard.readyForApproval')}
            </p>
          ) : (
            <>
              <strong>{t('scorecard.missingForApproval')}</strong>
              <ul>
                {gaps.map((g, i) => (
                  <li key={i}>{g}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <div className="row">
        {draft && withKpa && (
          <button
            type="button"
            className="btn"
            onClick={() => setAreas((all) => [...all, { key: newKey(), name: '', kpis: [] }])}
          >
            {t('scorecard.addArea')}
          </button>
        )}
        <span className="spacer" />
        {message && <span role="status">{message}</span>}
        {draft && (
          <button type="button" className="btn btn-primary" disabled={loading} onClick={saveKpis}>
            {t('scorecard.saveKpis')}
          </button>
        )}
        {(savesActuals || savesRatings) && (
          <button type="button" className="btn btn-success" disabled={loading} onClick={saveActuals}>
            {t(savesActuals ? 'scorecard.saveActuals' : 'scorecard.saveRatings', { quarter: quarterName(t, q) })}
          </button>
        )}
        {quarterWindow?.open &&
          !ratingsOpen &&
          kpis.some((k) => k.kpiType !== 'Quantitative' || rules?.mode === 'manual') && (
            // the employee sees why the hand ratings stay closed to them
            <span className="muted" data-ratings="supervisor">
              {t('scorecard.ratingsBySupervisor')}
            </span>
          )}
        {may.commands.includes('update-actuals') && quarterWindow && !quarterWindow.open && (
          <span className="muted" data-actuals-window="closed">
            {quarterWindow.from && quarterWindow.to
              ? t('scorecard.actualsWindowClosed', {
                  quarter: quarterName(t, q),
                  from: formatDate(quarterWindow.from),
                  to: formatDate(quarterWindow.to),
                })
              : t('scorecard.actualsWindowNotSet', { quarter: quarterName(t, q) })}
          </span>
        )}
      </div>
      {/* on every scorecard the server lets this caller cascade: the company's, and a unit's further down */}
      {may.commands.includes('cascade') && <ScorecardCascade record={record} />}
      {entity && <RecordHistory entity={entity} record={record} />}
    </section>
  );
}

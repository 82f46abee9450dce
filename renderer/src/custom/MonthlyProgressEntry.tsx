import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { get, post } from '../api/api-client.ts';
import { useCall, type CallError } from '../api/call-state.tsx';
import { formatDate, formatMonth, formatNumber } from '../format/formats.ts';
import { useMeta } from '../meta/meta-context.tsx';
import type { ScreenMeta } from '../meta/meta-types.ts';
import { progressColour, ratingPercent } from '../../../engine/hooks/performance/scoring.ts';

type Row = Record<string, any>;
/** What the user typed for one KPI, as text until saved (an empty box clears the value). */
type Draft = { actual: string; percent: string; comment: string };

/** Today's calendar date where the browser is. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const number = (v: string) => (v.trim() === '' ? null : Number(v));

/**
 * Monthly progress entry: choose an annual plan and one of its open months, then the KPIs (the signed-in employee's
 * own, or the organisation's for `entity` company-progress) are listed with that month's actual, percent and comment
 * editable in place; one Save writes every changed row through <entity>/set. The percent shown is the one entered, or
 * actual against target, coloured as the spec's progress bar (under 60 danger, under 90 warning, else success).
 */
export default function MonthlyProgressEntry({ screen }: { screen: ScreenMeta }) {
  const { t } = useTranslation();
  const meta = useMeta();
  const { loading, run } = useCall();
  const entityName = screen.entity ?? 'employee-progress';
  const entity = meta.entities.find((e) => e.name === entityName)!;
  const periodEntity = meta.entities.find((e) => e.name === 'monthly-progress-period')!;
  const errorOf = (command: string) => entity.commands.find((c) => c.name === command)?.error ?? entity.errors.list;
  const [plans, setPlans] = useState<Row[] | null>(null);
  const [planId, setPlanId] = useState<number | null>(null);
  const [periods, setPeriods] = useState<Row[] | null>(null);
  const [periodId, setPeriodId] = useState<number | null>(null);
  const [kpis, setKpis] = useState<Row[] | null>(null);
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [saved, setSaved] = useState(false);
  // what is wrong with each KPI's row, by KPI and field: said beside the value, in the user's words
  const [problems, setProblems] = useState<Record<number, Partial<Record<keyof Draft, string>>>>({});

  // a link may name the plan and month to open (the dashboard's count of months owed names the ones it counted)
  const [params] = useSearchParams();
  const asked = (name: string) => Number(params.get(name)) || null;
  // a supervisor enters a report's progress on the screen opened on that person (My inbox's reports' monthly updates)
  const employeeId = entityName === 'employee-progress' ? asked('employeeId') : null;
  const [person, setPerson] = useState<string | null>(null);
  useEffect(() => {
    if (employeeId === null) return setPerson(null);
    void run(undefined, () => get(`employee/${employeeId}`), { quiet: true }).then((d) => {
      const e = d?.employee as Row | undefined;
      setPerson(e ? [e.firstName, e.lastName].filter(Boolean).join(' ') : null);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [employeeId]);

  useEffect(() => {
    void Promise.all([
      run('error.getAnnualPlans', () => get('annual-plan', { sort: '-startDate', limit: 100 })),
      run('error.getAnnualPlans', () => get('annual-plan/current')),
    ]).then(([d, current]) => {
      const list: Row[] = d?.list ?? [];
      setPlans(list);
      // the plan asked for, else the one every screen opens on (annual-plan/current), else the newest
      setPlanId(
        (
          list.find((p) => p.id === asked('annualPlanId')) ??
          list.find((p) => p.id === current?.annualPlan?.id) ??
          list[0]
        )?.id ?? null,
      );
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    setPeriods(null);
    setPeriodId(null);
    if (planId === null) return;
    run(periodEntity.errors.list, () =>
      get('monthly-progress-period', { annualPlanId: planId, status: 'Open', limit: 100 }),
    ).then((d) => {
      const list: Row[] = d?.list ?? [];
      setPeriods(list);
      const now = today();
      setPeriodId(
        (
          list.find((p) => p.id === asked('periodId')) ??
          list.find((p) => p.startDate <= now && p.endDate >= now) ??
          list[list.length - 1]
        )?.id ?? null,
      );
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [planId]);

  const load = (id: number) =>
    run(errorOf('kpis'), () =>
      get(`${entityName}/kpis`, { periodId: id, ...(employeeId !== null && { employeeId }) }),
    ).then((d) => {
      const list: Row[] = d?.list ?? [];
      setKpis(list);
      setDrafts(
        Object.fromEntries(
          list.map((k) => [k.kpiId, { actual: text(k.actual), percent: text(k.percent), comment: text(k.comment) }]),
        ),
      );
    });

  useEffect(() => {
    setKpis(null);
    setSaved(false);
    setProblems({});
    if (periodId !== null) load(periodId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [periodId]);

  const changed = useMemo(
    () =>
      (kpis ?? []).filter((k) => {
        const d = drafts[k.kpiId];
        return d && (d.actual !== text(k.actual) || d.percent !== text(k.percent) || d.comment !== text(k.comment));
      }),
    [kpis, drafts],
  );

  const edit = (kpiId: number, field: keyof Draft, value: string) => {
    setSaved(false);
    setProblems((p) => ({ ...p, [kpiId]: { ...p[kpiId], [field]: undefined } }));
    setDrafts((all) => ({ ...all, [kpiId]: { ...all[kpiId], [field]: value } }));
  };

  /** A value the server would refuse, worded as it words it (the field named by its label), or undefined. */
  const problemOf = (field: keyof Draft, value: string): string | undefined => {
    if (field === 'comment' || value.trim() === '') return undefined;
    const n = Number(value);
    const label = t(field === 'percent' ? 'field.progressPercent' : 'field.actual');
    if (!Number.isFinite(n)) return t('validation.invalid', { field: label });
    if (field === 'percent' && (n < 0 || n > 1000))
      return t('validation.between', { field: label, min: formatNumber(0), max: formatNumber(1000) });
    return undefined;
  };
  const save = async () => {
    if (periodId === null || changed.length === 0) return;
    const found: typeof problems = {};
    for (const k of changed)
      for (const f of ['actual', 'percent'] as const) {
        const p = problemOf(f, drafts[k.kpiId][f]);
        if (p) found[k.kpiId] = { ...found[k.kpiId], [f]: p };
      }
    setProblems(found);
    if (Object.keys(found).length) return;
    const entries = changed.map((k) => {
      const d = drafts[k.kpiId];
      return {
        kpiId: k.kpiId,
        actual: number(d.actual),
        percent: number(d.percent),
        comment: d.comment.trim() === '' ? null : d.comment,
      };
    });
    // the server's refusal of one entry (entries.<i>.<field>) is shown on its row too; what was typed stays
    const onFailure = (e: CallError) => {
      const byRow: typeof problems = {};
      for (const fe of e.fieldErrors) {
        const m = /^entries\.(\d+)\.(actual|percent|comment)$/.exec(fe.field ?? '');
        const row = m ? changed[Number(m[1])] : undefined;
        if (row) byRow[row.kpiId] = { ...byRow[row.kpiId], [m![2]]: fe.message };
      }
      setProblems(byRow);
    };
    const d = await run(
      errorOf('set'),
      () => post(`${entityName}/set`, { periodId, entries, ...(employeeId !== null && { employeeId }) }),
      { onFailure },
    );
    if (d) {
      await load(periodId);
      setSaved(true);
    }
  };

  const shownPercent = (k: Row): number | null => {
    const d = drafts[k.kpiId];
    const percent = number(d?.percent ?? '');
    if (percent !== null && Number.isFinite(percent)) return percent;
    const actual = number(d?.actual ?? '');
    if (actual === null || !Number.isFinite(actual) || k.target === null || k.target === undefined) return null;
    return ratingPercent(actual, Number(k.target), k.optionType ?? 'ASC');
  };

  const period = periods?.find((p) => p.id === periodId);
  const rowProblem = (kpiId: number, field: keyof Draft) =>
    problems[kpiId]?.[field] && (
      <span className="error-text field-problem" role="alert" data-problem={field}>
        {problems[kpiId]![field]}
      </span>
    );

  return (
    <section data-screen="monthly-progress-entry" data-entity={entityName}>
      <h1>{t(screen.label ?? entity.label)}</h1>
      {person && (
        <p data-testid="progress-person">
          <strong>{t('monthlyProgress.ofPerson', { person })}</strong>
        </p>
      )}
      <div className="toolbar">
        <label>
          {t('entity.annualPlan')}{' '}
          <select
            value={planId ?? ''}
            onChange={(e) => setPlanId(e.target.value ? Number(e.target.value) : null)}
            data-testid="progress-plan"
          >
            {(plans ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          {t('monthlyProgress.chooseMonth')}{' '}
          <select
            value={periodId ?? ''}
            onChange={(e) => setPeriodId(e.target.value ? Number(e.target.value) : null)}
            disabled={!periods?.length}
            data-testid="progress-month"
          >
            {(periods ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {formatMonth(p.month)}
              </option>
            ))}
          </select>
        </label>
        {period && (
          <span className="muted">
            {' '}
            {formatDate(period.startDate)} – {formatDate(period.endDate)}
          </span>
        )}
      </div>
      {plans === null || (planId !== null && periods === null) ? (
        <p aria-busy="true">{t('shell.loading')}</p>
      ) : periods !== null && periods.length === 0 ? (
        <p className="muted" data-testid="no-open-month">
          {t('monthlyProgress.noOpenMonth')}
        </p>
      ) : kpis === null ? (
        periodId !== null && <p aria-busy="true">{t('shell.loading')}</p>
      ) : kpis.length === 0 ? (
        <p className="muted">{t('monthlyProgress.noKpis')}</p>
      ) : (
        // the form's own check says what is wrong beside each KPI in the user's language, not the browser's bubble
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <div className="card" style={{ overflowX: 'auto' }}>
            <table className="plain">
              <thead>
                <tr>
                  <th>{t('entity.performanceScorecard')}</th>
                  <th>{t('entity.performanceKpi')}</th>
                  <th>{t('field.target')}</th>
                  <th>{t('field.actual')}</th>
                  <th>{t('field.progressPercent')}</th>
                  <th>{t('field.comment')}</th>
                  <th>
                    <span className="sr-only">{t('field.progress')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {kpis.map((k) => {
                  const d = drafts[k.kpiId] ?? { actual: '', percent: '', comment: '' };
                  const percent = shownPercent(k);
                  return (
                    <tr key={k.kpiId} data-kpi-id={k.kpiId}>
                      <td>{k.scorecard}</td>
                      <td>{k.kpi}</td>
                      <td>{k.target === null || k.target === undefined ? '—' : formatNumber(Number(k.target))}</td>
                      <td>
                        <input
                          type="number"
                          step="any"
                          value={d.actual}
                          aria-label={`${t('field.actual')} ${k.kpi}`}
                          aria-invalid={problems[k.kpiId]?.actual ? true : undefined}
                          onChange={(e) => edit(k.kpiId, 'actual', e.target.value)}
                          style={{ width: '8em' }}
                        />
                        {rowProblem(k.kpiId, 'actual')}
                      </td>
                      <td>
                        <input
                          type="number"
                          step="any"
                          min={0}
                          max={1000}
                          value={d.percent}
                          aria-label={`${t('field.progressPercent')} ${k.kpi}`}
                          aria-invalid={problems[k.kpiId]?.percent ? true : undefined}
                          onChange={(e) => edit(k.kpiId, 'percent', e.target.value)}
                          style={{ width: '6em' }}
                        />
                        {rowProblem(k.kpiId, 'percent')}
                      </td>
                      <td>
                        <input
                          type="text"
                          maxLength={2000}
                          value={d.comment}
                          aria-label={`${t('field.comment')} ${k.kpi}`}
                          onChange={(e) => edit(k.kpiId, 'comment', e.target.value)}
                        />
                        {rowProblem(k.kpiId, 'comment')}
                      </td>
                      <td>
                        {percent === null ? (
                          ''
                        ) : (
                          <span className={`badge badge-${progressColour(percent)}`}>
                            {formatNumber(Math.round(percent * 100) / 100)} %
                          </span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="toolbar">
            <button
              type="submit"
              className="btn btn-primary"
              disabled={loading || changed.length === 0}
              data-testid="save-progress"
            >
              {t('monthlyProgress.save')}
            </button>{' '}
            {changed.length > 0 ? (
              <span className="muted">{t('monthlyProgress.unsaved', { count: changed.length })}</span>
            ) : (
              saved && <span className="badge badge-success">{t('monthlyProgress.saved')}</span>
            )}
          </div>
        </form>
      )}
    </section>
  );
}

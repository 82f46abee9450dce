import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { get, post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { formatFigure } from '../format/formats.ts';
import type { ScreenMeta } from '../meta/meta-types.ts';

interface Possible {
  id: number;
  name: string;
  pillarName: string;
  weight: number | null;
}

/**
 * The objectives of an annual plan's strategic plan that it has not adopted yet; adopting one saves it as an annual
 * objective of the plan (the spec's "save annual objective").
 */
export default function PossibleObjectives(_: { screen: ScreenMeta }) {
  const { t } = useTranslation();
  const { loading, run } = useCall();
  const [params, setParams] = useSearchParams();
  const [plans, setPlans] = useState<{ id: number; name: string }[]>([]);
  const planId = params.get('annualPlanId') ?? (plans[0] ? String(plans[0].id) : '');
  const [possible, setPossible] = useState<Possible[] | null>(null);

  useEffect(() => {
    void run('error.getExecutionPlans', () => get('execution-plan', { limit: 100 })).then((d) => d && setPlans(d.list));
  }, [run]);
  const load = useCallback(() => {
    if (!planId) return;
    void run('error.getPossibleObjectives', () =>
      get('execution-plan/possible-objectives', { id: planId, limit: 500 }),
    ).then((d) => d && setPossible(d.possibleObjectives.list));
  }, [planId, run]);
  useEffect(load, [load]);

  const adopt = async (o: Possible) => {
    const body = {
      executionPlanId: Number(planId),
      pillarObjectiveId: o.id,
      name: o.name,
      ...(o.weight === null ? {} : { weight: o.weight }),
    };
    if (await run('error.saveAnnualObjective', () => post('annual-objective/add', body))) load();
  };

  return (
    <section data-screen="possible-objectives">
      <h1>{t('screen.possibleObjectives')}</h1>
      <div className="toolbar">
        <label htmlFor="possible-plan">{t('entity.executionPlan')}</label>
        <select
          id="possible-plan"
          className="input"
          style={{ maxWidth: 320 }}
          value={planId}
          onChange={(e) => setParams({ annualPlanId: e.target.value })}
        >
          {plans.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        <span className="spacer" />
        {planId && (
          <Link className="btn" to={`/app/strategy-execution/annual-plans/objectives?annualPlanId=${planId}`}>
            {t('entity.annualObjective')}
          </Link>
        )}
      </div>
      {!possible ? (
        <p aria-busy="true">{t('shell.loading')}</p>
      ) : !possible.length ? (
        <p className="muted">{t('shell.noRecords')}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>{t('entity.strategicPillar')}</th>
              <th>{t('entity.pillarObjective')}</th>
              <th>{t('field.weight')}</th>
              <th>{t('shell.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {possible.map((o) => (
              <tr key={o.id} data-objective={o.name}>
                <td>{o.pillarName}</td>
                <td>{o.name}</td>
                <td>{formatFigure(o.weight)}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-sm btn-primary"
                    disabled={loading}
                    onClick={() => void adopt(o)}
                  >
                    {t('action.adopt')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

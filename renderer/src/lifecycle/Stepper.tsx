import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../api/api-client.ts';
import { succeeded } from '../api/envelope.ts';
import { formatDate } from '../format/formats.ts';
import { optionLabel } from '../meta/labels.ts';
import type { EntityMeta } from '../meta/meta-types.ts';
import { lifecycleSteps, type StateMove, type Step } from './lifecycle-steps.ts';
import { actionKey } from '../screens/transition-label.ts';
import './lifecycle.css';

/**
 * Where a record stands in its workflow (or its stages, `stageField`): its states in order, the current one marked, and for each state it reached
 * the day and the person who moved it there (its state moves, `GET <entity>/<id>/transitions`, one call for the
 * record). A state reached before and left by a step back keeps its date and says how it was left; the outcomes of one
 * decision (Processed or Declined) are drawn one above the other at one place. Read again when the record's version
 * moves (a step taken on the page).
 */
export function Stepper({ entity, record }: { entity: EntityMeta; record: Record<string, any> }) {
  const { t } = useTranslation();
  const [moves, setMoves] = useState<StateMove[] | null>(null);
  // its workflow's states, or the values of its stage field (a project's status)
  const lifecycle = entity.lifecycle;
  useEffect(() => {
    if (!lifecycle || typeof record.id !== 'number') return;
    let live = true;
    void get(`${entity.name}/${record.id}/transitions`).then((r) => {
      // a trail that cannot be read leaves the steps without their dates: the states and the current one still show
      if (live) setMoves(succeeded(r) ? (r.data.transitions as StateMove[]) : []);
    });
    return () => {
      live = false;
    };
  }, [entity.name, lifecycle, record.id, record.version]);
  if (!lifecycle) return null;
  const field = entity.schema.properties[lifecycle.field];
  const places = lifecycleSteps(
    lifecycle.states,
    String(record[lifecycle.field]),
    moves ?? [],
    lifecycle.alternatives ?? [],
  );
  const step = (s: Step) => (
    <div
      key={s.state}
      className="step"
      data-step={s.status}
      data-state={s.state}
      aria-current={s.status === 'current' ? 'step' : undefined}
    >
      <span className="step-name">{optionLabel(t, s.state, field)}</span>
      {s.move && (
        <span className="muted" data-testid="step-moved">
          {t('shell.stepMoved', { date: formatDate(s.move.doneAt), name: s.move.doneByName ?? '—' })}
          {s.move.inPlaceOfName && ` ${t('shell.historyInPlaceOf', { name: s.move.inPlaceOfName })}`}
        </span>
      )}
      {s.status === 'earlier' && s.leftBy && MOVED_BY_STEP(s.leftBy.action) && (
        <span className="muted" data-testid="step-left">
          {t('shell.stepLeftBy', { action: t(actionKey(s.leftBy.action), { defaultValue: s.leftBy.action }) })}
        </span>
      )}
      {s.status === 'skipped' && <span className="muted">{t('shell.stepSkipped')}</span>}
    </div>
  );
  return (
    <ol className="stepper" data-testid="stepper" aria-label={t('shell.stepper')} aria-busy={moves === null}>
      {places.map((place) =>
        place.length === 1 ? (
          <li key={place[0].state} data-step={place[0].status}>
            {step(place[0])}
          </li>
        ) : (
          // the outcomes of one decision, one above the other: the one taken marked, the other shown as not taken
          <li
            key={place[0].state}
            className="step-alternatives"
            data-testid="step-alternatives"
            data-step={place.find((s) => s.status !== 'notTaken' && s.status !== 'upcoming')?.status ?? 'upcoming'}
            aria-label={t('shell.stepAlternatives')}
          >
            {place.map(step)}
          </li>
        ),
      )}
    </ol>
  );
}

/** Moves a person made by a step of the workflow (a return, a decline), not the add or a form's save. */
const MOVED_BY_STEP = (action: string) => action !== 'add' && action !== 'update';

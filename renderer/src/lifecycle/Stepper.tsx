import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../api/api-client.ts';
import { succeeded } from '../api/envelope.ts';
import { formatDate } from '../format/formats.ts';
import { optionLabel } from '../meta/labels.ts';
import type { EntityMeta } from '../meta/meta-types.ts';
import { lifecycleSteps, type StateMove } from './lifecycle-steps.ts';
import './lifecycle.css';

/**
 * Where a record stands in its workflow (or its stages, `stageField`): its states in order, the current one marked, and for each state it reached
 * the day and the person who moved it there (its state moves, `GET <entity>/<id>/transitions`, one call for the
 * record). Read again when the record's version moves (a step taken on the page).
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
  const steps = lifecycleSteps(lifecycle.states, String(record[lifecycle.field]), moves ?? []);
  return (
    <ol className="stepper" data-testid="stepper" aria-label={t('shell.stepper')} aria-busy={moves === null}>
      {steps.map((s) => (
        <li
          key={s.state}
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
          {s.status === 'skipped' && <span className="muted">{t('shell.stepSkipped')}</span>}
        </li>
      ))}
    </ol>
  );
}

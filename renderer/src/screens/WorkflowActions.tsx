import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatDate } from '../format/formats.ts';
import { plainText } from '../format/plain-text.ts';
import { post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import type { EntityMeta } from '../meta/meta-types.ts';
import { optionLabel } from '../meta/labels.ts';
import { ConfirmDialog, InputDialog } from '../shell/Dialogs.tsx';
import { heldStatusOf, type HeldStatus } from './period-closed-status.ts';
import { allowedOn } from '../meta/record-allowed.ts';
import { takenByPanel } from './panel-transitions.ts';
import { transitionLabel } from './transition-label.ts';
import { referenceTitle } from '../meta/record-title.ts';
import { wordText, type Translate } from '../../../engine/i18n/text.ts';

/**
 * Why a step is not offered now: its window opens later, has closed, or is not set yet; `of` names whose window it is
 * (an annual agreement waits for Q1's), when the workflow says.
 */
function windowLine(
  t: TFunction,
  action: string,
  w: { from: string | null; to: string | null },
  of: string | undefined,
): string {
  const d = new Date();
  const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  if (!w.from || !w.to) return of ? t('shell.windowOfNotSet', { action, of }) : t('shell.windowNotSet', { action });
  if (today < w.from)
    return t(of ? 'shell.windowOfOpens' : 'shell.windowOpens', {
      action,
      of,
      from: formatDate(w.from),
      to: formatDate(w.to),
    });
  return t('shell.windowClosed', { action, to: formatDate(w.to) });
}

/** Steps named as a sentence names them: “Agree” or “Dispute”, in the user's language. */
const stepsNamed = (labels: string[]) =>
  new Intl.ListFormat(document.documentElement.lang || 'en', { type: 'disjunction' }).format(
    labels.map((l) => `“${l}”`),
  );

/** The steps waiting for one window (agree and dispute wait for the same), so that the screen says it once. */
function closedWindows(
  closed: Record<string, { from: string | null; to: string | null }>,
  windowOf: (action: string) => string | undefined,
) {
  const groups = new Map<string, { actions: string[]; w: { from: string | null; to: string | null }; of?: string }>();
  for (const [action, w] of Object.entries(closed)) {
    const of = windowOf(action);
    const key = `${w.from}|${w.to}|${of}`;
    const g = groups.get(key);
    if (g) g.actions.push(action);
    else groups.set(key, { actions: [action], w, of });
  }
  return [...groups.values()];
}

type Transition = NonNullable<EntityMeta['workflow']>['transitions'][number];
type NextStep = NonNullable<NonNullable<EntityMeta['workflow']>['next']>[string][number];

/** The steps out of a state grouped by who takes them, so that the screen names each party once. */
function nextSteps(steps: readonly NextStep[]) {
  const groups = new Map<string, { actions: string[]; who: NextStep['who']; named?: string }>();
  for (const s of steps) {
    const key = JSON.stringify([s.who, s.named]);
    const g = groups.get(key);
    if (g) g.actions.push(s.action);
    else groups.set(key, { actions: [s.action], who: s.who, named: s.named });
  }
  return [...groups.values()];
}
const actionKey = (action: string) => `action.${action.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())}`;

/**
 * The transitions that start from the record's state, as buttons, with what they ask for (a reason to decline) in a
 * dialog: only those the record's `_allowed` names (open now to this caller). What the transition into the current
 * state recorded (the reason a submission was declined) is shown beside the state.
 */
export function WorkflowActions({
  entity,
  record,
  onChanged,
}: {
  entity: EntityMeta;
  record: Record<string, any>;
  onChanged: (r: Record<string, any>) => void;
}) {
  const { t, i18n } = useTranslation();
  const { loading, run } = useCall();
  const [asking, setAsking] = useState<Transition | null>(null);
  // a step taken in place of the person the record names for it is confirmed first: the trail will say so
  const [confirming, setConfirming] = useState<Transition | null>(null);
  // a step refused with code period_closed holds the special status "Period is closed" (spec 001, D16)
  const [held, setHeld] = useState<HeldStatus | null>(null);
  const wf = entity.workflow;
  if (!wf) return null;
  const state = record[wf.stateField];
  // the server says which transitions are open to the caller now (state, role and relationship judged as on the call)
  const mayTake = allowedOn(entity, record).transitions;
  const open = wf.transitions.filter(
    (x) => x.from.includes(state) && mayTake.includes(x.action) && !takenByPanel(entity, x),
  );
  // what brought the record to its state (the reason it was declined), and what the workflow names as the state's
  // reasons (a note a command wrote when it moved the record there: why QA referred an assessment back)
  const recorded = [
    ...new Set([
      ...(wf.reasons?.[state] ?? []),
      ...wf.transitions.filter((x) => x.to === state).flatMap((x) => x.requires ?? []),
    ]),
  ].filter((f) => record[f] !== null && record[f] !== undefined && record[f] !== '' && typeof record[f] !== 'object');
  const label = (field: string) => t(entity.schema.properties[field]?.title ?? field);
  // whose window a step waits for, as the record names it (a quarter by its name)
  const windowOf = (action: string) => {
    const field = wf.transitions.find((x) => x.action === action)?.window?.of;
    const v = field ? record[field] : undefined;
    return field && v !== null && v !== undefined ? optionLabel(t, v, entity.schema.properties[field]) : undefined;
  };
  const take = async (x: Transition, values: Record<string, string | number> = {}) => {
    setAsking(null);
    const d = await run(
      x.error,
      () => post(`${entity.name}/${x.action}`, { id: record.id, version: record.version, ...values }),
      { onFailure: (e) => setHeld(heldStatusOf(e)) },
    );
    if (d) setHeld(null);
    // a transition answers with the record alone; its children (evidence) are as they were
    if (d) onChanged({ ...record, ...d[entity.dataKeys.item] });
  };
  // where the record stands, as its stepper says: its lifecycle's stage where that is not the workflow's state (a
  // contract's phase, Monitored or Ended, rather than Signed)
  const stageField = entity.lifecycle?.field ?? wf.stateField;
  const stageLabel = stageField === wf.stateField ? t('field.status') : label(stageField);
  return (
    <div className="toolbar" data-testid="workflow">
      <span className="muted">
        {stageLabel}:{' '}
        <strong data-testid="workflow-state" data-status-id={held?.id}>
          {held ? t('status.periodClosed') : optionLabel(t, record[stageField], entity.schema.properties[stageField])}
        </strong>
      </span>
      {recorded.map((f) => (
        <span key={f} className="muted" data-testid={`workflow-${f}`}>
          {label(f)}:{' '}
          <strong>
            {entity.schema.properties[f]?.format === 'date'
              ? formatDate(String(record[f]))
              : entity.schema.properties[f]?.enum
                ? optionLabel(t, record[f], entity.schema.properties[f])
                : entity.schema.properties[f]?.['x-html']
                  ? plainText(String(record[f]))
                  : String(record[f])}
          </strong>
        </span>
      ))}
      {closedWindows(allowedOn(entity, record).closed ?? {}, windowOf).map(({ actions, w, of }) => (
        <span key={actions.join()} className="muted" data-testid={`workflow-closed-${actions.join('-')}`}>
          {windowLine(t, stepsNamed(actions.map((a) => transitionLabel(t, a, undefined))), w, of)}
        </span>
      ))}
      {/* a step the caller could take but for a condition the record fails now: why it is not offered */}
      {Object.entries(allowedOn(entity, record).awaiting ?? {}).map(([action, why]) => (
        <span key={action} className="muted" data-testid={`workflow-awaiting-${action}`}>
          {wordText(t as unknown as Translate, why, i18n.language)}
        </span>
      ))}
      {/* none of the steps out of this state is the caller's: whose turn it is (a dispute waits for an administrator) */}
      {open.length === 0 &&
        !Object.keys(allowedOn(entity, record).closed ?? {}).length &&
        !Object.keys(allowedOn(entity, record).awaiting ?? {}).length &&
        nextSteps(wf.next?.[state] ?? []).map(({ actions, who, named }) => {
          const steps = stepsNamed(actions.map((a) => transitionLabel(t, a, undefined)));
          // the person the record names for it (its approver), by name, where the record names one
          const person = named ? referenceTitle(t, record, named) : undefined;
          return (
            <span key={actions.join()} className="muted" data-testid="workflow-next">
              {person
                ? t('shell.nextStepBy', { steps, name: person })
                : t('shell.nextStep', { steps, who: wordText(t as unknown as Translate, who, i18n.language) })}
            </span>
          );
        })}
      {open.map((x) => (
        <button
          type="button"
          key={x.action}
          className="btn"
          data-action={x.action}
          disabled={loading}
          onClick={() =>
            x.requires?.length
              ? setAsking(x)
              : allowedOn(entity, record).inPlaceOf?.[x.action]
                ? setConfirming(x)
                : take(x)
          }
        >
          {transitionLabel(t, x.action, allowedOn(entity, record).inPlaceOf)}
        </button>
      ))}
      {confirming && (
        <ConfirmDialog
          title={transitionLabel(t, confirming.action, allowedOn(entity, record).inPlaceOf)}
          text={t('shell.confirmInPlaceOf', { name: allowedOn(entity, record).inPlaceOf?.[confirming.action] })}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setConfirming(null);
            void take(confirming);
          }}
        />
      )}
      {asking && (
        <InputDialog
          title={t(actionKey(asking.action), { defaultValue: asking.action })}
          fields={(asking.requires ?? []).map((name) => ({
            name,
            label: label(name),
            type: entity.schema.properties[name]?.type as string | undefined,
            format: entity.schema.properties[name]?.format,
          }))}
          onCancel={() => setAsking(null)}
          onConfirm={(values) => take(asking, values)}
        />
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import type { EntityMeta } from '../meta/meta-types.ts';
import { optionLabel } from '../meta/labels.ts';

/** The transitions that start from the record's state, as buttons; the server decides who may take them. */
export function WorkflowActions({ entity, record, onChanged }: { entity: EntityMeta; record: Record<string, any>; onChanged: (r: Record<string, any>) => void }) {
  const { t } = useTranslation();
  const { loading, run } = useCall();
  const wf = entity.workflow;
  if (!wf) return null;
  const state = record[wf.stateField];
  const open = wf.transitions.filter((x) => x.from.includes(state));
  return (
    <div className="toolbar" data-testid="workflow">
      <span className="muted">{t('field.status')}: <strong>{optionLabel(t, state)}</strong></span>
      {open.map((x) => (
        <button
          key={x.action}
          className="btn"
          disabled={loading}
          onClick={async () => {
            const d = await run(x.error, () => post(`${entity.name}/${x.action}`, { id: record.id, version: record.version }));
            if (d) onChanged(d[entity.dataKeys.item]);
          }}
        >
          {t(`action.${x.action.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())}`, { defaultValue: x.action })}
        </button>
      ))}
    </div>
  );
}

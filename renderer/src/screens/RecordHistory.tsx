import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../api/api-client.ts';
import { succeeded } from '../api/envelope.ts';
import { formatDateTime, formatInteger } from '../format/formats.ts';
import type { EntityMeta } from '../meta/meta-types.ts';
import { useMeta } from '../meta/meta-context.tsx';
import { textOf } from '../meta/record-title.ts';

interface Entry {
  id: number;
  actionLabel: string;
  doneAt: string;
  doneByName: string | null;
  inPlaceOfName: string | null;
  changed: string[];
  /** a write to a record of one of its child collections (a KPI of the scorecard): which, by its entity and title */
  child?: { entity: string; title: string };
}

/** Entries asked for at a time: the newest first, older ones on request. */
const PAGE = 10;

/**
 * A record's History: who changed what and when, and in place of whom an administrator took a step the record names
 * another employee for, with the writes to its child collections' records (a scorecard's KPIs, each named), from its audit trail (`GET <entity>/<id>/history`, which only a reader of the record gets).
 * Folded until opened, so that a form costs no extra call; read again when the record's version moves.
 */
export function RecordHistory({ entity, record }: { entity: EntityMeta; record: Record<string, unknown> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const load = async (offset: number) => {
    const r = await get(`${entity.name}/${record.id}/history`, { limit: PAGE, offset });
    if (!succeeded(r)) return setFailed(true);
    const page = r.data.history as { entries: Entry[]; total: number };
    setEntries((before) => (offset === 0 ? page.entries : [...before, ...page.entries]));
    setTotal(page.total);
  };
  useEffect(() => {
    if (open) void load(0);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, record.id, record.version]);
  const meta = useMeta();
  const entityOf = (e: Entry) => (e.child ? (meta.entities.find((x) => x.name === e.child!.entity) ?? entity) : entity);
  const fieldLabel = (of: EntityMeta, f: string) => {
    const title = of.schema.properties[f]?.title;
    return title ? t(title) : f;
  };
  return (
    <details
      className="card record-history"
      data-testid="record-history"
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
    >
      <summary>
        <h2 style={{ display: 'inline' }}>{t('shell.history')}</h2>
        {total !== null && <span className="muted"> ({formatInteger(total)})</span>}
      </summary>
      {failed ? (
        <p className="muted">{t('shell.historyUnavailable')}</p>
      ) : total === null ? (
        // busy only while it is being read: folded, nothing is under way (and a screen counts as settled)
        open && <p aria-busy="true">{t('shell.loading')}</p>
      ) : entries.length === 0 ? (
        <p className="muted">{t('shell.historyEmpty')}</p>
      ) : (
        <div className="table-box">
          <table className="plain">
            <thead>
              <tr>
                <th>{t('shell.historyWhen')}</th>
                <th>{t('shell.historyWho')}</th>
                <th>{t('shell.historyWhat')}</th>
                <th>{t('shell.historyChanged')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} data-testid="history-entry">
                  <td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.doneAt)}</td>
                  <td>
                    {e.doneByName ?? '—'}
                    {e.inPlaceOfName && (
                      <span className="muted" data-testid="history-in-place-of">
                        {' '}
                        {t('shell.historyInPlaceOf', { name: e.inPlaceOfName })}
                      </span>
                    )}
                  </td>
                  <td>
                    {/* a child's write says which record it was (the KPI by its name) */}
                    {e.child && (
                      <span data-testid="history-child">
                        {t(entityOf(e).label)} “{textOf(t, entityOf(e), entityOf(e).titleField, e.child.title)}”:{' '}
                      </span>
                    )}
                    {t(e.actionLabel, { defaultValue: e.actionLabel })}
                  </td>
                  <td>{e.changed.map((f) => fieldLabel(entityOf(e), f)).join(', ') || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {total !== null && entries.length < total && (
        <button type="button" className="btn btn-sm" onClick={() => void load(entries.length)}>
          {t('shell.historyOlder')}
        </button>
      )}
    </details>
  );
}

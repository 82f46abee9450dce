import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { get } from '../../api/api-client.ts';
import { useCall } from '../../api/call-state.tsx';
import { optionLabel } from '../../meta/labels.ts';
import type { ScreenMeta } from '../../meta/meta-types.ts';

interface ManualRow {
  id: number;
  title: string;
  description: string | null;
  format: string | null;
}

/** The user manuals the employee may read (those of the modules the company has enabled, and those for everyone), each opening its reader. */
export default function ManualList({ screen }: { screen: ScreenMeta }) {
  const { t } = useTranslation();
  const { run } = useCall();
  const [rows, setRows] = useState<ManualRow[] | null>(null);
  useEffect(() => {
    void run('error.getManuals', () => get('user-manual', { limit: 500, sort: 'title' })).then((d) =>
      setRows(d?.list ?? []),
    );
  }, [run]);
  return (
    <section data-screen="manual-list">
      <h1>{t(screen.label ?? 'screen.myManuals')}</h1>
      {rows === null ? (
        <p aria-busy="true">{t('shell.loading')}</p>
      ) : rows.length === 0 ? (
        <p className="muted">{t('shell.noRecords')}</p>
      ) : (
        <ul className="card stack" style={{ listStyle: 'none' }}>
          {rows.map((m) => (
            <li key={m.id} data-manual={m.title}>
              <Link to={`/app/user-manuals/read/${m.id}`}>{m.title}</Link>{' '}
              {m.format && <span className="muted">· {optionLabel(t, m.format)}</span>}
              {m.description && <div className="muted">{m.description}</div>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { get } from '../api/api-client.ts';
import { succeeded } from '../api/envelope.ts';
import { formatInteger } from '../format/formats.ts';
import { useMeta } from '../meta/meta-context.tsx';
import { screensOf } from '../screens/entity-screens.ts';

const LEVELS = ['business-unit', 'department', 'division', 'section', 'sub-section', 'sub-sub-section', 'employee'];

/** The organisation at a glance: each level with how many it holds, its list and its add form. */
export default function OrganisationUnits() {
  const { t } = useTranslation();
  const meta = useMeta();
  const [counts, setCounts] = useState<Record<string, number>>({});
  useEffect(() => {
    for (const name of LEVELS)
      get(name, { limit: 1 }).then((r) => succeeded(r) && setCounts((c) => ({ ...c, [name]: r.data.total })));
  }, []);
  return (
    <section data-screen="organisation-units">
      <h1>{t('screen.organisationUnits')}</h1>
      <div className="tiles">
        {LEVELS.map((name) => {
          const entity = meta.entities.find((e) => e.name === name);
          const { list, add } = screensOf(meta, name);
          if (!entity || !list) return null;
          return (
            <div key={name} className="card stack">
              <strong style={{ fontSize: 28, color: 'var(--c-primary)' }}>
                {counts[name] === undefined ? '…' : formatInteger(counts[name])}
              </strong>
              <Link to={list.path}>{t(entity.label)}</Link>
              {add && entity.can.add && (
                <Link to={add.path} className="muted">
                  {t('shell.addWhat', { what: t(entity.label) })}
                </Link>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}

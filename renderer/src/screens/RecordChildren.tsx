import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMeta } from '../meta/meta-context.tsx';
import type { EntityMeta } from '../meta/meta-types.ts';
import { screensOf } from './entity-screens.ts';

/** The record's declared children (a business unit's departments), each linking to its own screens. */
export function RecordChildren({ entity, record }: { entity: EntityMeta; record: Record<string, any> }) {
  const { t } = useTranslation();
  const meta = useMeta();
  if (!entity.children.length) return null;
  return (
    <div className="children stack">
      {entity.children.map((c) => {
        const child = meta.entities.find((e) => e.name === c.entity);
        const rows: Record<string, any>[] = record[c.key] ?? [];
        if (!child) return null;
        const { list, edit } = screensOf(meta, child.name);
        return (
          <div key={c.key} className="card" data-testid={`children-${c.key}`}>
            <div className="row">
              <h2>{t(child.label)}</h2>
              <span className="spacer" />
              {list && <Link to={`${list.path}?${c.via}=${record.id}`}>{t('shell.openList')}</Link>}
            </div>
            {rows.length === 0 ? (
              <p className="muted">{t('shell.noRecords')}</p>
            ) : (
              <ul>
                {rows.map((r) => (
                  <li key={r.id}>{edit ? <Link to={`${edit.path}?id=${r.id}`}>{String(r[child.titleField] ?? r.id)}</Link> : String(r[child.titleField] ?? r.id)}</li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </div>
  );
}

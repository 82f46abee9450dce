import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { get, post } from '../api/api-client.ts';
import { succeeded } from '../api/envelope.ts';
import { useCall } from '../api/call-state.tsx';
import { formatFileSize } from '../format/formats.ts';
import { useMeta } from '../meta/meta-context.tsx';
import type { EntityMeta, Meta } from '../meta/meta-types.ts';
import { StoredFile } from '../widgets/StoredFile.tsx';
import { screensOf } from './entity-screens.ts';
import { childLink } from './child-links.ts';

type Row = Record<string, any>;

/** A record in one of its workflow's readOnly states (a final report) takes no new children here. */
const settled = (entity: EntityMeta, record: Row) => !!entity.workflow?.readOnly?.includes(record[entity.workflow.stateField]);
type Child = EntityMeta['children'][number];

/** The reference a child without a title of its own is named by (a team member by its employee), other than its parent. */
const namingReference = (child: EntityMeta, via: string) =>
  child.titleField === 'id' ? Object.entries(child.schema.properties).find(([name, f]) => f['x-ref'] && name !== via)?.[0] : undefined;

/**
 * The record's declared children (a business unit's departments), each linking to its own screens. A child that
 * carries a file (evidence) is offered for download, and one added by an attach command gets a file input here.
 * `onChanged` receives the record re-read after an attach.
 */
export function RecordChildren({ entity, record, onChanged }: { entity: EntityMeta; record: Row; onChanged?: (r: Row) => void }) {
  const meta = useMeta();
  if (!entity.children.length) return null;
  return (
    <div className="children stack">
      {entity.children.map((c) => {
        const child = meta.entities.find((e) => e.name === c.entity);
        return child ? <ChildList key={c.key} meta={meta} entity={entity} record={record} child={child} link={c} onChanged={onChanged} /> : null;
      })}
    </div>
  );
}

function ChildList({ meta, entity, record, child, link, onChanged }: { meta: Meta; entity: EntityMeta; record: Row; child: EntityMeta; link: Child; onChanged?: (r: Row) => void }) {
  const { t } = useTranslation();
  const { loading, run } = useCall();
  const rows: Row[] = record[link.key] ?? [];
  const { list, add, edit } = screensOf(meta, child.name);
  const { pathname, search } = useLocation();
  // a form opened from here comes back to this record after Save or Cancel
  const from = { from: pathname + search };
  const attach = child.commands.find((x) => x.kind === 'attach');
  // a child that is a file (evidence, added by an attach command) is offered for download; one that merely carries
  // files (an audit report with its PDF, a contract with its signed copy) opens on its own screen
  const fileField = attach ? Object.entries(child.schema.properties).find(([, f]) => f['x-file'])?.[0] : undefined;
  const reference = namingReference(child, link.via);
  const names = useReferenceTitles(meta, child, reference, rows);
  const listLink = list && childLink(list, link.via, record);
  // a child is added from its parent, the add form getting the parent filled in; not to a settled record (a final report)
  const addLink = add && child.can.add && !attach && !settled(entity, record) ? childLink(add, link.via, record) : undefined;
  const title = (r: Row) => (reference ? (names.get(r[reference]) ?? String(r[reference] ?? r.id)) : String(r[child.titleField] ?? r.id));

  const upload = async (file: File) => {
    const body = new FormData();
    body.set(link.via, String(record.id));
    body.set('document', file);
    if (!(await run(attach!.error, () => post(`${child.name}/${attach!.name}`, body)))) return;
    const d = await run(entity.errors.read ?? entity.errors.list, () => get(`${entity.name}/${record.id}`));
    if (d) onChanged?.(d[entity.dataKeys.item]);
  };

  return (
    <div className="card" data-testid={`children-${link.key}`}>
      <div className="row">
        <h2>{t(child.label)}</h2>
        <span className="spacer" />
        {listLink && <Link to={listLink}>{t('shell.openList')}</Link>}
        {addLink && (
          <Link className="btn btn-sm btn-primary" to={addLink} state={from} data-testid={`add-${link.key}`} aria-label={t('shell.addWhat', { what: t(child.label) })}>
            {t('shell.add')}
          </Link>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="muted">{t('shell.noRecords')}</p>
      ) : (
        <ul>
          {rows.map((r) => (
            <li key={r.id}>
              {edit && !fileField && childLink(edit, link.via, record, r) ? <Link to={childLink(edit, link.via, record, r)!} state={from}>{title(r)}</Link> : title(r)}
              {typeof r.size === 'number' && fileField && <span className="muted"> ({formatFileSize(r.size)})</span>}
              {fileField && r[fileField] && (
                <>
                  {' '}
                  <StoredFile store={child.fileStore} fileId={r[fileField]} alt={title(r)} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {attach && onChanged && (
        <div className="stack" style={{ marginTop: 'var(--space-3)' }}>
          <label htmlFor={`attach-${link.key}`}>{t('shell.attachFile', { what: t(child.label) })}</label>
          <input
            id={`attach-${link.key}`}
            type="file"
            accept={attach.mimeTypes?.join(',')}
            disabled={loading}
            onChange={async (e) => {
              const file = e.target.files?.[0];
              if (file) await upload(file);
              e.target.value = '';
            }}
          />
          {attach.maxBytes && <span className="muted">{t('shell.fileLimit', { size: formatFileSize(attach.maxBytes) })}</span>}
        </div>
      )}
    </div>
  );
}

/** The titles of the records a reference of the rows points to (team members by their employees' names), in one call. */
function useReferenceTitles(meta: Meta, child: EntityMeta, reference: string | undefined, rows: Row[]): Map<number, string> {
  const [titles, setTitles] = useState(new Map<number, string>());
  const target = reference ? meta.entities.find((e) => e.name === child.schema.properties[reference]['x-ref']) : undefined;
  const ids = target ? [...new Set(rows.map((r) => r[reference!]).filter((v): v is number => typeof v === 'number'))].sort((a, b) => a - b).join(',') : '';
  useEffect(() => {
    if (!target || !ids) return;
    let live = true;
    get(target.name, { 'id[in]': ids, limit: 500 }).then((r) => {
      if (live && succeeded(r)) setTitles(new Map(r.data[target.dataKeys.list].map((x: Row) => [x.id, String(x[target.titleField] ?? x.id)])));
    });
    return () => {
      live = false;
    };
  }, [target, ids]);
  return titles;
}

import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { get, post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { formatFileSize } from '../format/formats.ts';
import { useMeta } from '../meta/meta-context.tsx';
import type { EntityMeta, Meta } from '../meta/meta-types.ts';
import { StoredFile } from '../widgets/StoredFile.tsx';
import { allowedOn } from '../meta/record-allowed.ts';
import { listForms, screensOf } from './entity-screens.ts';
import { childLink } from './child-links.ts';
import { recordTitle, referenceTitle } from '../meta/record-title.ts';
import { recordSummary } from '../meta/record-summary.ts';
import { mayAddChild } from '../meta/record-allowed.ts';
import { FileInput } from '../widgets/FileInput.tsx';
import { optionLabel } from '../meta/labels.ts';
import { sectionStage } from '../lifecycle/lifecycle-steps.ts';
import { cameFrom } from './came-from.ts';
import { actionKey } from './transition-label.ts';
import type { TFunction } from 'i18next';

type Row = Record<string, any>;

type Child = EntityMeta['children'][number];

/** The reference a child without a title of its own is named by (a team member by its employee), other than its parent. */
const namingReference = (child: EntityMeta, via: string) =>
  child.titleField === 'id'
    ? Object.entries(child.schema.properties).find(([name, f]) => f['x-ref'] && name !== via)?.[0]
    : undefined;

/**
 * The record's declared children (a business unit's departments), each linking to its own screens, in the order of
 * the record's lifecycle: a section of a later stage than the record's (`opensAt`) is folded to one line saying when
 * it opens, an empty one is one line with its Add, the others list their records. A child that
 * carries a file (evidence) is offered for download, and one added by an attach command gets a file input here.
 * `onChanged` receives the record re-read after an attach. A `report` (a screen that shows a record to read: the
 * follow-up audit report) offers nothing to add: what is added there is added on the record's own form.
 */
export function RecordChildren({
  entity,
  record,
  onChanged,
  report = false,
}: {
  entity: EntityMeta;
  record: Row;
  onChanged?: (r: Row) => void;
  report?: boolean;
}) {
  const meta = useMeta();
  if (!entity.children.length) return null;
  const lifecycle = entity.lifecycle;
  return (
    <div className="children stack">
      {entity.children.map((c) => {
        const child = meta.entities.find((e) => e.name === c.entity);
        return child ? (
          <ChildList
            key={c.key}
            meta={meta}
            entity={entity}
            record={record}
            child={child}
            link={c}
            stage={sectionStage(lifecycle?.states, lifecycle && record[lifecycle.field], c.opensAt)}
            onChanged={report ? undefined : onChanged}
            report={report}
          />
        ) : null;
      })}
    </div>
  );
}

function ChildList({
  meta,
  entity,
  record,
  child,
  link,
  stage,
  onChanged,
  report,
}: {
  meta: Meta;
  entity: EntityMeta;
  record: Row;
  child: EntityMeta;
  link: Child;
  /** where the section stands in the record's lifecycle (its `opensAt`), when it names a stage */
  stage?: 'past' | 'current' | 'later';
  onChanged?: (r: Row) => void;
  report: boolean;
}) {
  const { t } = useTranslation();
  const { loading, run } = useCall();
  const rows: Row[] = record[link.key] ?? [];
  const own = screensOf(meta, child.name);
  const { list } = own;
  // a child is added and opened from its parent where the list of the parent's children (its route binds the child's
  // reference to the parent) adds and opens it: the audit's customer satisfaction surveys by the form that sends them
  const underParent = !!list && Object.values(list.params ?? {}).includes(link.via);
  const { add, edit } = underParent ? listForms(meta, list, own) : own;
  const { pathname, search, state } = useLocation();
  // a form opened from here comes back to this record after Save or Cancel, and this record then to where it came from
  const from = cameFrom(pathname, search, state);
  const attach = child.commands.find((x) => x.kind === 'attach');
  // a child that is a file (evidence, added by an attach command) is offered for download; one that merely carries
  // files (an audit report with its PDF, a contract with its signed copy) opens on its own screen
  const fileField = attach ? Object.entries(child.schema.properties).find(([, f]) => f['x-file'])?.[0] : undefined;
  const reference = namingReference(child, link.via);
  const listLink = list && childLink(list, link.via, record);
  // a child is added from its parent, the add form getting the parent filled in; not where the parent's lock closes the
  // collection (a final report's sections), as the record's _allowed says
  const closedByLock = !!allowedOn(entity, record).lockedChildren?.includes(link.key);
  const addLink =
    add && !report && mayAddChild(child, record, link.key) && !attach && !closedByLock
      ? childLink(add, link.via, record)
      : undefined;
  // a child named by a reference (a KPI assessment by its KPI) shows that record's title, as the server sent it with the row
  // one with no title field and no reference to name it by (a quarter) by what its list shows: Q1 and its dates
  const title = (r: Row) =>
    reference
      ? (referenceTitle(t, r, reference) ?? String(r[reference] ?? r.id))
      : child.titleField === 'id'
        ? (recordSummary(t, child, r, [link.via]) ?? String(r.id))
        : recordTitle(t, child, r);

  const upload = async (file: File) => {
    const body = new FormData();
    body.set(link.via, String(record.id));
    body.set('document', file);
    if (!(await run(attach!.error, () => post(`${child.name}/${attach!.name}`, body)))) return;
    const d = await run(entity.errors.read ?? entity.errors.list, () => get(`${entity.name}/${record.id}`));
    if (d) onChanged?.(d[entity.dataKeys.item]);
  };

  const actions = (
    <>
      {listLink && <Link to={listLink}>{t('shell.openList')}</Link>}
      {addLink && (
        <Link
          className="btn btn-sm btn-primary"
          to={addLink}
          state={from}
          data-testid={`add-${link.key}`}
          aria-label={t('shell.addWhat', { what: t(child.label) })}
        >
          {t('shell.add')}
        </Link>
      )}
    </>
  );
  const records = (
    <ul>
      {rows.map((r) => (
        <li key={r.id}>
          {edit && !fileField && childLink(edit, link.via, record, r) ? (
            <Link to={childLink(edit, link.via, record, r)!} state={from}>
              {title(r)}
            </Link>
          ) : (
            title(r)
          )}
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
  );
  // the file input only where the caller may attach here now (the record's addChildren: the attach's roles, and no lock
  // closing the collection, a submitted submission's evidence), as the attach itself is judged
  const attachInput = attach && onChanged && !report && mayAddChild(child, record, link.key) && (
    <div className="stack" style={{ marginTop: 'var(--space-3)' }}>
      <label htmlFor={`attach-${link.key}`}>{t('shell.attachFile', { what: t(child.label) })}</label>
      <FileInput
        id={`attach-${link.key}`}
        mimeTypes={attach.mimeTypes}
        maxBytes={attach.maxBytes}
        disabled={loading}
        onFile={(file) => file && void upload(file)}
      />
    </div>
  );
  const lifecycle = entity.lifecycle;
  // a section the record's stage closes (an accepted plan's objectives) says so in one line, and which step opens it
  // again where the caller may take one (a plan's Reopen)
  const closedLine = closedByLock && !report && lifecycle && (
    <span className="muted" data-testid={`closed-${link.key}`}>
      {closedInStage(t, entity, record, lifecycle.field)}
    </span>
  );
  // a section of a later stage: one line saying when it opens; unfolded on request (what it holds, its Add), or at
  // once when it holds records already (a survey sent ahead of its stage is there to be opened)
  if (stage === 'later' && lifecycle && link.opensAt)
    return (
      <details
        className="card section-line section-later"
        data-testid={`children-${link.key}`}
        data-stage={stage}
        open={rows.length > 0 || undefined}
      >
        <summary className="row">
          <h2>{t(child.label)}</h2>
          {rows.length > 0 && <span className="badge">{rows.length}</span>}
          <span className="muted" data-testid={`opens-${link.key}`}>
            {t('shell.opensAtStage', {
              state: optionLabel(t, link.opensAt, entity.schema.properties[lifecycle.field]),
            })}
          </span>
        </summary>
        <div className="row">
          <span className="spacer" />
          {actions}
        </div>
        {rows.length > 0 && records}
        {attachInput}
      </details>
    );
  // an empty section: one line with its Add, never a panel that says there is nothing
  if (rows.length === 0)
    return (
      <div className="card section-line" data-testid={`children-${link.key}`} data-stage={stage} data-empty="true">
        <div className="row">
          <h2>{t(child.label)}</h2>
          <span className="muted">{t('shell.sectionEmpty')}</span>
          {closedLine}
          <span className="spacer" />
          {actions}
        </div>
        {attachInput}
      </div>
    );
  return (
    <div className="card" data-testid={`children-${link.key}`} data-stage={stage}>
      <div className="row">
        <h2>{t(child.label)}</h2>
        {closedLine}
        <span className="spacer" />
        {actions}
      </div>
      {records}
      {attachInput}
    </div>
  );
}

/**
 * Why a section takes nothing new: the record's stage closes it ("Closed in the “Accepted” stage"), and the step back
 * the caller may take that opens it again (a transition out of the state to an earlier one: Reopen, Return).
 */
function closedInStage(t: TFunction, entity: EntityMeta, record: Row, field: string): string {
  const current = String(record[field]);
  const states = entity.lifecycle?.states ?? [];
  const open = allowedOn(entity, record).transitions;
  const back = entity.workflow?.transitions.find(
    (x) => open.includes(x.action) && x.from.includes(current) && states.indexOf(x.to) < states.indexOf(current),
  );
  const state = optionLabel(t, current, entity.schema.properties[field]);
  return back
    ? t('shell.closedInStageReopen', { state, action: t(actionKey(back.action), { defaultValue: back.action }) })
    : t('shell.closedInStage', { state });
}

import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { get } from '../../api/api-client.ts';
import { useCall } from '../../api/call-state.tsx';
import { formatDateTime } from '../../format/formats.ts';
import { optionLabel } from '../../meta/labels.ts';
import { useMeta } from '../../meta/meta-context.tsx';
import type { ScreenMeta } from '../../meta/meta-types.ts';

type Task = {
  id: number;
  kind: string;
  title: string | null;
  recordId: number;
  role: string;
  status: string;
  decision: string | null;
  reason: string | null;
  decidedAt: string | null;
  createdAt: string;
  _titles?: { auditEngagementId?: string };
};

/**
 * What the task is about: the item's own words as the engine keeps them ("Audit — working paper title"), else, for an
 * item without words of its own (a survey response), its audit's name and its kind in the reader's language.
 */
const itemTitle = (t: TFunction, task: Task): string =>
  task.title ?? [task._titles?.auditEngagementId, optionLabel(t, task.kind)].filter(Boolean).join(' — ');

/** The decision in the reader's language: the state the item moved to, and the reason given with it. */
const decisionText = (t: TFunction, task: Task): string =>
  task.decision ? [optionLabel(t, task.decision), task.reason].filter(Boolean).join(': ') : '';

/**
 * The signed-in employee's audit tasks (the screen's preset says pending or completed): each opens the item itself on
 * the spec's my-task route, /my-task/pending-paper/:id/:role and the like, where its workflow buttons decide it.
 */
export default function AuditTasks({ screen }: { screen: ScreenMeta }) {
  const { t } = useTranslation();
  const meta = useMeta();
  const { run } = useCall();
  const [tasks, setTasks] = useState<Task[] | null>(null);
  const status = String(screen.preset?.status ?? 'Pending');
  const entity = meta.entities.find((e) => e.name === 'audit-task');
  const view = status === 'Completed' ? 'completed' : 'pending';

  useEffect(() => {
    if (!entity) return;
    void run(entity.errors.list, () => get('audit-task', { owner: 'me', status, sort: '-id', limit: 200 })).then(
      (d) => d && setTasks(d[entity.dataKeys.list]),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status]);

  return (
    <section data-screen="audit-tasks" data-status={status}>
      <h1>{t(screen.label ?? 'entity.auditTask')}</h1>
      {!tasks ? (
        <p aria-busy="true">{t('shell.loading')}</p>
      ) : tasks.length === 0 ? (
        <p className="muted">{t('audit.noTasks')}</p>
      ) : (
        <div className="card" style={{ overflowX: 'auto' }}>
          <table className="plain">
            <thead>
              <tr>
                <th>{t('field.taskKind')}</th>
                <th>{t('field.itemTitle')}</th>
                <th>{t('field.taskRole')}</th>
                <th>{t(status === 'Completed' ? 'field.decision' : 'field.createdAt')}</th>
                {status === 'Completed' && <th>{t('field.decidedAt')}</th>}
              </tr>
            </thead>
            <tbody>
              {tasks.map((x) => (
                <tr key={x.id} data-task-id={x.id}>
                  <td>{optionLabel(t, x.kind)}</td>
                  <td>
                    <Link to={`/app/audit-management/my-task/${view}-${x.kind}/${x.recordId}/${x.role}`}>
                      {itemTitle(t, x)}
                    </Link>
                  </td>
                  <td>{optionLabel(t, x.role)}</td>
                  <td>{status === 'Completed' ? decisionText(t, x) : formatDateTime(x.createdAt)}</td>
                  {status === 'Completed' && <td>{x.decidedAt ? formatDateTime(x.decidedAt) : ''}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

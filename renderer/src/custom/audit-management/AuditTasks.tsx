import { useEffect, useState } from 'react';
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
  title: string;
  recordId: number;
  role: string;
  status: string;
  decision: string | null;
  decidedAt: string | null;
  createdAt: string;
};

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
                      {x.title}
                    </Link>
                  </td>
                  <td>{optionLabel(t, x.role)}</td>
                  <td>{status === 'Completed' ? x.decision : formatDateTime(x.createdAt)}</td>
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

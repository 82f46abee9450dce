import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { get, post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { formatDate } from '../format/formats.ts';
import { optionLabel } from '../meta/labels.ts';
import { useMeta } from '../meta/meta-context.tsx';
import type { ScreenMeta } from '../meta/meta-types.ts';
import { screensOf } from '../screens/entity-screens.ts';

type Row = Record<string, any>;

/** The badge of a due status: overdue in red, due soon in amber, on track in green. */
const BADGE: Record<string, string> = {
  Overdue: 'badge badge-danger',
  'Due soon': 'badge badge-warning',
  'On track': 'badge badge-success',
};

/** Today's calendar date where the browser is. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The signed-in member's required actions: the activities of their compliance teams that are overdue or due soon and
 * not waiting for approval, most urgent first, with their count. Each starts a submission (a draft dated today, opened
 * to attach evidence and submit) or continues the draft or declined one it has.
 */
export default function ComplianceRequiredActions({ screen }: { screen: ScreenMeta }) {
  const { t } = useTranslation();
  const meta = useMeta();
  const navigate = useNavigate();
  const { loading, run } = useCall();
  const [page, setPage] = useState<{ list: Row[]; total: number } | null>(null);
  // a team member who is no module admin reads activities record by record: the entity may be absent from the meta
  const activities = meta.entities.find((e) => e.name === 'compliance-activity');
  const submissions = meta.entities.find((e) => e.name === 'compliance-submission');
  const editSubmission = screensOf(meta, 'compliance-submission').edit;
  const command = (name: string) => activities?.commands.find((c) => c.name === name);

  useEffect(() => {
    run(command('required-actions')?.error ?? activities?.errors.list ?? 'error.getAllCompliance', () =>
      get('compliance-activity/required-actions', { limit: 500 }),
    ).then((d) => d && setPage(d.requiredActions));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const open = (submissionId: number) => navigate(`${editSubmission!.path}?id=${submissionId}`);
  const start = async (activity: Row) => {
    const d = await run(submissions!.errors.add, () =>
      post('compliance-submission/add', { complianceActivityId: activity.id, complianceDate: today() }),
    );
    if (d) open(d[submissions!.dataKeys.item].id);
  };

  return (
    <section data-screen="compliance-required-actions">
      <div className="row">
        <h1>{t(screen.label ?? 'screen.requiredActions')}</h1>
        {page && (
          <span
            className={page.total ? 'badge badge-danger' : 'badge'}
            data-testid="required-action-count"
            role="status"
            aria-label={t('compliance.requiredActionCount', { count: page.total })}
          >
            {page.total}
          </span>
        )}
      </div>
      {!page ? (
        <p aria-busy="true">{t('shell.loading')}</p>
      ) : page.list.length === 0 ? (
        <p className="muted">{t('compliance.noRequiredActions')}</p>
      ) : (
        <div className="card" style={{ overflowX: 'auto' }}>
          <table className="plain">
            <thead>
              <tr>
                <th>{t('field.name')}</th>
                <th>{t('field.dueStatus')}</th>
                <th>{t('field.nextComplianceDate')}</th>
                <th>{t('field.frequency')}</th>
                <th>{t('field.submission')}</th>
                <th>
                  <span className="sr-only">{t('shell.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((a) => (
                <tr key={a.id} data-activity-id={a.id}>
                  <td>{a.name}</td>
                  <td>
                    <span className={BADGE[a.dueStatus] ?? 'badge'}>{optionLabel(t, a.dueStatus)}</span>
                  </td>
                  <td>{formatDate(a.nextComplianceDate)}</td>
                  <td>{optionLabel(t, a.frequency)}</td>
                  <td>{a.openSubmissionStatus ? optionLabel(t, a.openSubmissionStatus) : '—'}</td>
                  <td>
                    {editSubmission && a.openSubmissionId ? (
                      <button type="button" className="btn btn-sm" onClick={() => open(a.openSubmissionId)}>
                        {t('compliance.continueSubmission')}
                      </button>
                    ) : (
                      editSubmission &&
                      submissions?.can.add && (
                        <button
                          type="button"
                          className="btn btn-sm btn-primary"
                          disabled={loading}
                          onClick={() => start(a)}
                        >
                          {t('compliance.startSubmission')}
                        </button>
                      )
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

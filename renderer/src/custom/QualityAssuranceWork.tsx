import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { get, post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { optionLabel, quarterName } from '../meta/labels.ts';
import { periodTitle } from '../meta/record-title.ts';
import { formatInteger } from '../format/formats.ts';
import { useMeta } from '../meta/meta-context.tsx';
import type { ScreenMeta } from '../meta/meta-types.ts';
import { ConfirmDialog, InputDialog } from '../shell/Dialogs.tsx';

type Row = Record<string, any>;

/** Where a reviewed record opens: a scorecard (the QA scorecard list) or an assessment (the performance list). */
const OPENS = {
  Scorecard: '/app/my-inbox/annual-employee-scorecards/edit-scorecard',
  Performance: '/app/performance/assessments/edit',
} as const;
/** The error titles of the calls this screen makes (as qa-review's metadata declares them). */
const TITLES: Record<string, string> = {
  'my-work': 'error.getReviews',
  add: 'error.addReview',
  complete: 'error.completeReview',
  recall: 'error.recallReview',
  'refer-back': 'error.referBackReview',
};
type Ask = { kind: 'add'; row: Row } | { kind: 'recall' | 'complete' | 'refer-back'; row: Row };

/**
 * The signed-in QA member's work: the scorecards and assessments of the lists they are on that wait for QA, each with
 * how many members have reviewed it. The member adds a review (a comment), recalls their own, refers an assessment
 * back to the supervisor, and — when they are the last reviewer and every member has reviewed — completes the review.
 * The server decides every step again.
 */
export default function QualityAssuranceWork({ screen }: { screen: ScreenMeta }) {
  const { t } = useTranslation();
  const meta = useMeta();
  const { loading, run } = useCall();
  const [page, setPage] = useState<{ list: Row[]; total: number } | null>(null);
  const [ask, setAsk] = useState<Ask | null>(null);
  // a member who may not list reviews plainly (they are the reviewers' own) has no qa-review in /meta: its titles are known
  const errors = meta.entities.find((e) => e.name === 'qa-review')?.errors ?? {};
  const title = (call: string) => errors[call] ?? TITLES[call];

  const load = async () => {
    const d = await run(title('my-work'), () => get('qa-review/my-work', { limit: 500 }));
    if (d) setPage(d.work);
  };
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const act = async (a: Ask, values: Record<string, string | number> = {}) => {
    setAsk(null);
    const r = a.row;
    const done =
      a.kind === 'add'
        ? await run(title('add'), () =>
            post('qa-review/add', {
              qaMemberId: r.qaMemberId,
              [r.list === 'Scorecard' ? 'scorecardId' : 'assessmentId']: r.id,
              comment: values.comment,
            }),
          )
        : await run(title(a.kind), () => post(`qa-review/${a.kind}`, { id: r.myReviewId }));
    if (done) await load();
  };

  return (
    <section data-screen="quality-assurance-work">
      <div className="row">
        <h1>{t(screen.label ?? 'screen.qualityAssurance')}</h1>
        {page && (
          <span className="badge" data-testid="qa-work-count">
            {formatInteger(page.total)}
          </span>
        )}
      </div>
      {!page ? (
        <p aria-busy="true">{t('shell.loading')}</p>
      ) : page.list.length === 0 ? (
        <p className="muted">{t('qa.noWork')}</p>
      ) : (
        <div className="card" style={{ overflowX: 'auto' }}>
          <table className="plain">
            <thead>
              <tr>
                <th>{t('field.reviewedEmployee')}</th>
                <th>{t('field.title')}</th>
                <th>{t('field.qaList')}</th>
                <th>{t('field.status')}</th>
                <th>{t('field.qaReviewCount')}</th>
                <th>
                  <span className="sr-only">{t('shell.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((r) => {
                const everyone = r.memberCount > 0 && r.reviewCount >= r.memberCount;
                return (
                  <tr key={`${r.list}-${r.id}`} data-subject={`${r.list}-${r.id}`}>
                    <td>{r.employeeName}</td>
                    <td>
                      {/* the reviewed scorecard or assessment opens (read-only to a reviewer: the record says what they
                          may do), by its scorecard and quarter in the reader's words (its stored title says Q4 in every
                          language) */}
                      <Link to={`${OPENS[r.list as 'Scorecard' | 'Performance']}?id=${r.id}`} data-testid="qa-subject">
                        {r.scorecardName && r.quarterIndex !== null
                          ? `${r.scorecardName} (${quarterName(t, r.quarterIndex)})`
                          : periodTitle(t, String(r.title ?? ''))}
                      </Link>
                    </td>
                    <td>{optionLabel(t, r.list)}</td>
                    <td>{optionLabel(t, r.status)}</td>
                    <td>
                      {t('qa.reviewedOf', { count: r.reviewCount, total: r.memberCount })}
                      {r.isLastReviewer && (
                        <span className="badge badge-warning" style={{ marginLeft: 6 }}>
                          {t('qa.lastReviewer')}
                        </span>
                      )}
                    </td>
                    <td>
                      <span className="row" style={{ gap: 4, flexWrap: 'nowrap' }}>
                        {r.myReviewId === null ? (
                          <button
                            type="button"
                            className="btn btn-sm btn-primary"
                            disabled={loading}
                            onClick={() => setAsk({ kind: 'add', row: r })}
                          >
                            {t('qa.addReview')}
                          </button>
                        ) : (
                          <>
                            {r.isLastReviewer && everyone && (
                              <button
                                type="button"
                                className="btn btn-sm btn-success"
                                disabled={loading}
                                onClick={() => setAsk({ kind: 'complete', row: r })}
                              >
                                {t('qa.complete')}
                              </button>
                            )}
                            {r.list === 'Performance' && (
                              <button
                                type="button"
                                className="btn btn-sm"
                                disabled={loading}
                                onClick={() => setAsk({ kind: 'refer-back', row: r })}
                              >
                                {t('qa.referBack')}
                              </button>
                            )}
                            <button
                              type="button"
                              className="btn btn-sm"
                              disabled={loading}
                              onClick={() => setAsk({ kind: 'recall', row: r })}
                            >
                              {t('qa.recall')}
                            </button>
                          </>
                        )}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {ask?.kind === 'add' && (
        <InputDialog
          title={t('qa.addReview')}
          fields={[{ name: 'comment', label: t('field.comment') }]}
          onCancel={() => setAsk(null)}
          onConfirm={(v) => act(ask, v)}
        />
      )}
      {ask && ask.kind !== 'add' && (
        <ConfirmDialog
          title={t(`qa.${ask.kind === 'refer-back' ? 'referBack' : ask.kind}`)}
          text={t(`qa.confirm.${ask.kind === 'refer-back' ? 'referBack' : ask.kind}`, { name: ask.row.employeeName })}
          onCancel={() => setAsk(null)}
          onConfirm={() => act(ask)}
        />
      )}
    </section>
  );
}

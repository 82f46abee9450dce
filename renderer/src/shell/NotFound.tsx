import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="card" data-screen="not-found">
      <h1>{t('shell.notFoundTitle')}</h1>
      <p className="muted">{t('shell.notFoundText')}</p>
      <Link to="/app/dashboard">{t('shell.backToDashboard')}</Link>
    </div>
  );
}

export function Forbidden() {
  const { t } = useTranslation();
  return (
    <div className="card" data-screen="forbidden">
      <h1>{t('shell.forbiddenTitle')}</h1>
      <p className="muted">{t('shell.forbiddenText')}</p>
      <Link to="/app/dashboard">{t('shell.backToDashboard')}</Link>
    </div>
  );
}

/**
 * A record the server would not let the caller read (403 on its id): titled by what was opened, and plainly someone
 * else's; the refusal itself (who may read it) is the message the call showed.
 */
export function RecordForbidden({ entityLabel }: { entityLabel: string }) {
  const { t } = useTranslation();
  return (
    <div className="card" data-screen="forbidden">
      <h1>{t('shell.recordForbiddenTitle', { entity: entityLabel })}</h1>
      <p className="muted">{t('shell.recordForbiddenText', { entity: entityLabel })}</p>
      <Link to="/app/dashboard">{t('shell.backToDashboard')}</Link>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { text, wordText, type Translate } from '../../../engine/i18n/text.ts';

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
 * A record the server would not let the caller read (403 on its id): titled by what was opened (`label`: its entity's
 * label key), and plainly someone else's; the refusal itself (who may read it) is the message the call showed.
 */
export function RecordForbidden({ label, why }: { label: string; why?: string }) {
  const { t, i18n } = useTranslation();
  // inside a sentence, as the language writes a noun there ("this scorecard")
  const entity = wordText(
    t as unknown as Translate,
    { list: [text(label)], join: 'and', midSentence: true },
    i18n.language,
  );
  return (
    <div className="card" data-screen="forbidden">
      <h1>{t('shell.recordForbiddenTitle', { entity })}</h1>
      <p className="muted">{t('shell.recordForbiddenText', { entity })}</p>
      {/* the server's words: who may read it */}
      {why && <p data-testid="forbidden-why">{why}</p>}
      <Link to="/app/dashboard">{t('shell.backToDashboard')}</Link>
    </div>
  );
}

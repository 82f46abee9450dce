import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatInteger } from '../../format/formats.ts';

/** What the import did: how many employees were added, a way to them, and a way to import another file. */
export function ImportResult({ count, listPath, onAgain }: { count: number; listPath: string; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="card stack">
      <p role="status">{t('import.done', { count, rows: formatInteger(count) })}</p>
      <div className="row">
        <Link className="btn btn-primary" to={listPath}>
          {t('import.openEmployees')}
        </Link>
        <button type="button" className="btn" onClick={onAgain}>
          {t('import.again')}
        </button>
      </div>
    </div>
  );
}

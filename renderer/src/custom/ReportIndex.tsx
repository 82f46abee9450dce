import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMeta } from '../meta/meta-context.tsx';

/** The reports menu (/app/reports/main): every report screen the user may open, grouped by the module it belongs to. */
export default function ReportIndex() {
  const { t } = useTranslation();
  const meta = useMeta();
  const groups = meta.modules
    .map((m) => ({
      module: m,
      reports: m.screens.filter(
        (s) => s.path.startsWith('/app/reports/') && s.path !== '/app/reports/main' && s.label && s.kind !== 'redirect',
      ),
    }))
    .filter((g) => g.reports.length);
  return (
    <section data-screen="report-index">
      <h1>{t('screen.reportAll')}</h1>
      {!groups.length && <p className="muted">{t('shell.noRecords')}</p>}
      {groups.map(({ module, reports }) => (
        <div key={module.id} className="card">
          <h2>{t(module.label)}</h2>
          <ul className="link-list">
            {reports.map((s) => (
              <li key={s.path}>
                <Link to={s.path}>{t(s.label!)}</Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

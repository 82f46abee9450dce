import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get, post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';

interface Company {
  id: number;
  version: number;
  companyName: string;
  [flag: string]: unknown;
}

/** The holder's list of companies with one Yes/No function switched by a patch command (PM committee, qualitative measurement). */
function CompanyFlagList({
  title,
  field,
  command,
  error,
}: {
  title: string;
  field: string;
  command: string;
  error: string;
}) {
  const { t } = useTranslation();
  const { loading, run } = useCall();
  const [companies, setCompanies] = useState<Company[]>([]);
  const load = useCallback(async () => {
    const d = await run('error.getCompany', () => get('company', { limit: 500, sort: 'companyName' }));
    if (d) setCompanies(d.company_list);
  }, [run]);
  useEffect(() => void load(), [load]);
  const toggle = async (c: Company) => {
    if (
      await run(error, () =>
        post(`company/${command}`, { id: c.id, version: c.version, [field]: c[field] === 'Yes' ? 'No' : 'Yes' }),
      )
    )
      await load();
  };
  return (
    <section data-screen={command}>
      <h1>{t(title)}</h1>
      <table className="plain card">
        <thead>
          <tr>
            <th>{t('field.companyName')}</th>
            <th>{t(`field.${field}`)}</th>
          </tr>
        </thead>
        <tbody>
          {companies.map((c) => (
            <tr key={c.id}>
              <td>{c.companyName}</td>
              <td>
                <input
                  type="checkbox"
                  checked={c[field] === 'Yes'}
                  disabled={loading}
                  onChange={() => toggle(c)}
                  aria-label={`${c.companyName}: ${t(`field.${field}`)}`}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export const PerformanceCommitteeCompanies = () => (
  <CompanyFlagList
    title="screen.performanceCommitteeCompanies"
    field="performanceCommitteeFunction"
    command="update-performance-committee-function"
    error="error.updatePerformanceCommitteeFunction"
  />
);
export const QualitativeMeasurementCompanies = () => (
  <CompanyFlagList
    title="screen.qualitativeMeasurementCompanies"
    field="qualitativeMeasurement"
    command="set-qualitative-measurement"
    error="error.setQualitativeMeasurement"
  />
);

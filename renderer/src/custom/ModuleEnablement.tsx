import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get, post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';

interface ModuleState {
  moduleId: number;
  code: string;
  label: string;
  core: 'Yes' | 'No';
  enabled: 'Yes' | 'No';
}

/** The holder's switchboard: pick a company, switch its modules on or off. */
export default function ModuleEnablement() {
  const { t } = useTranslation();
  const { loading, run } = useCall();
  const [companies, setCompanies] = useState<{ id: number; companyName: string }[]>([]);
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [states, setStates] = useState<ModuleState[]>([]);
  useEffect(() => {
    run('error.getCompany', () => get('company', { limit: 500, sort: 'companyName' })).then((d) => {
      if (!d) return;
      setCompanies(d.company_list);
      if (d.company_list.length) setCompanyId(d.company_list[0].id);
    });
  }, [run]);
  const load = async (id: number) => {
    const d = await run('error.getCompanyModuleStates', () => get('company-module/states', { companyId: id }));
    if (d) setStates(d.list);
  };
  useEffect(() => {
    if (companyId) void load(companyId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [companyId]);
  const toggle = async (m: ModuleState) => {
    const enabled = m.enabled === 'Yes' ? 'No' : 'Yes';
    if (
      await run('error.enableModule', () =>
        post('company-module/set-enablement', { moduleId: m.moduleId, enabled }, { companyId: companyId! }),
      )
    )
      await load(companyId!);
  };
  return (
    <section data-screen="module-enablement">
      <h1>{t('screen.moduleEnablement')}</h1>
      <div className="toolbar">
        <label htmlFor="company">{t('entity.company')}</label>
        <select
          id="company"
          className="input"
          style={{ maxWidth: 320 }}
          value={companyId ?? ''}
          onChange={(e) => setCompanyId(Number(e.target.value))}
        >
          {companies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.companyName}
            </option>
          ))}
        </select>
      </div>
      <table className="plain card">
        <thead>
          <tr>
            <th>{t('entity.module')}</th>
            <th>{t('field.enabled')}</th>
          </tr>
        </thead>
        <tbody>
          {states.map((m) => (
            <tr key={m.code}>
              <td>{t(m.label)}</td>
              <td>
                <label className="row">
                  <input
                    type="checkbox"
                    checked={m.enabled === 'Yes'}
                    disabled={m.core === 'Yes' || loading}
                    onChange={() => toggle(m)}
                    aria-label={`${t(m.label)}: ${t('field.enabled')}`}
                  />
                  {m.core === 'Yes' ? t('field.core') : t(m.enabled === 'Yes' ? 'option.yes' : 'option.no')}
                </label>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

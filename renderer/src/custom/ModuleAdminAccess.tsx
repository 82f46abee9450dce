import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get, post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';

interface ModuleState {
  moduleId: number;
  code: string;
  label: string;
  enabled: 'Yes' | 'No';
}

/** Role (settings / role): which modules an employee administers. Only modules the company has are offered. */
export default function ModuleAdminAccess() {
  const { t } = useTranslation();
  const { loading, run } = useCall();
  const [q, setQ] = useState('');
  const [employees, setEmployees] = useState<{ id: number; fullName: string; email: string | null }[]>([]);
  const [employeeId, setEmployeeId] = useState<number | null>(null);
  const [modules, setModules] = useState<ModuleState[]>([]);
  const [admin, setAdmin] = useState<Map<number, 'Yes' | 'No'>>(new Map());
  useEffect(() => {
    run('error.getCompanyModuleStates', () => get('company-module/states')).then(
      (d) => d && setModules(d.list.filter((m: ModuleState) => m.enabled === 'Yes')),
    );
  }, [run]);
  useEffect(() => {
    const h = setTimeout(
      () =>
        run('error.getEmployees', () => get('employee', { q: q || undefined, limit: 50 })).then(
          (d) => d && setEmployees(d.list),
        ),
      200,
    );
    return () => clearTimeout(h);
  }, [q, run]);
  const loadAccess = async (id: number) => {
    const d = await run('error.getEmployeeModules', () => get('employee-module', { employeeId: id, limit: 100 }));
    if (d)
      setAdmin(
        new Map(d.list.map((r: { moduleId: number; adminAccess: 'Yes' | 'No' }) => [r.moduleId, r.adminAccess])),
      );
  };
  useEffect(() => {
    if (employeeId) void loadAccess(employeeId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [employeeId]);
  const toggle = async (m: ModuleState) => {
    const adminAccess = admin.get(m.moduleId) === 'Yes' ? 'No' : 'Yes';
    if (
      await run('error.updateModuleAdminAccess', () =>
        post('employee-module/set-admin-access', { employeeId, moduleId: m.moduleId, adminAccess }),
      )
    )
      await loadAccess(employeeId!);
  };
  return (
    <section data-screen="module-admin-access">
      <h1>{t('screen.moduleAdminAccess')}</h1>
      <div className="toolbar">
        <input
          className="input"
          style={{ maxWidth: 240 }}
          type="search"
          placeholder={t('shell.search')}
          aria-label={t('shell.search')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <label htmlFor="employee" className="sr-only">
          {t('entity.employee')}
        </label>
        <select
          id="employee"
          className="input"
          style={{ maxWidth: 360 }}
          value={employeeId ?? ''}
          onChange={(e) => setEmployeeId(Number(e.target.value) || null)}
        >
          <option value="">{t('shell.choose')}</option>
          {employees.map((e) => (
            <option key={e.id} value={e.id}>
              {e.fullName}
              {e.email ? ` <${e.email}>` : ''}
            </option>
          ))}
        </select>
      </div>
      {employeeId && (
        <table className="plain card">
          <thead>
            <tr>
              <th>{t('entity.module')}</th>
              <th>{t('field.adminAccess')}</th>
            </tr>
          </thead>
          <tbody>
            {modules.map((m) => (
              <tr key={m.code}>
                <td>{t(m.label)}</td>
                <td>
                  <input
                    type="checkbox"
                    checked={admin.get(m.moduleId) === 'Yes'}
                    disabled={loading}
                    onChange={() => toggle(m)}
                    aria-label={`${t(m.label)}: ${t('field.adminAccess')}`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { useEntity } from '../meta/meta-context.tsx';
import { UploadCommands } from '../screens/UploadCommands.tsx';
import { useSession } from '../session/use-session.ts';

/** The company's own logo (settings / logos), through the company's upload command. */
export default function CompanyLogo() {
  const { t } = useTranslation();
  const user = useSession();
  const entity = useEntity('company');
  const { run } = useCall();
  const [company, setCompany] = useState<Record<string, any> | null>(null);
  useEffect(() => {
    if (user?.companyId)
      run('error.getCompany', () => get(`company/${user.companyId}`)).then((d) => d && setCompany(d.company));
  }, [user, run]);
  return (
    <section data-screen="company-logo">
      <h1>{t('screen.companyLogo')}</h1>
      {company && entity && (
        <>
          <p className="muted">{company.companyName}</p>
          <UploadCommands entity={entity} record={company} onChanged={setCompany} />
        </>
      )}
    </section>
  );
}

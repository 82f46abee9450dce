import { useTranslation } from 'react-i18next';

/** Placeholder until the import screen lands. */
export default function ImportEmployees() {
  const { t } = useTranslation();
  return <h1>{t('screen.importEmployees')}</h1>;
}

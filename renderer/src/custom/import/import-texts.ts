import { useTranslation } from 'react-i18next';
import { i18next } from '../../i18n/i18n.ts';
import texts from './i18n-keys.json';

/**
 * The import screen's own texts (i18n-keys.json) until they are merged into metadata/i18n: registered as a namespace
 * of their own that is looked up after the server's texts, so that the merged texts win. Once merged, this file and
 * the JSON can go, and the components can call useTranslation() directly.
 */
const NS = 'employeeImport';
const NAMESPACES = ['translation', NS] as const;

function register(): void {
  for (const [lang, messages] of Object.entries(texts)) if (!i18next.hasResourceBundle(lang, NS)) i18next.addResourceBundle(lang, NS, messages);
}
if (i18next.isInitialized) register();
else i18next.on('initialized', register);

/** useTranslation() that also finds the import screen's texts. */
export const useImportTranslation = () => useTranslation(NAMESPACES, { nsMode: 'fallback' });

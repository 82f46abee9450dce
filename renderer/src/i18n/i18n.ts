import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { numberFormatter } from '../../../engine/i18n/localized-numbers.ts';

export const LANGUAGES = ['en', 'bn', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
const KEY = 'stratum.lang';

export const storedLanguage = (): Language => {
  const l = localStorage.getItem(KEY);
  return (LANGUAGES as readonly string[]).includes(l ?? '') ? (l as Language) : 'en';
};

/** Texts come from the server's metadata/i18n (one source for server and renderer), one language at a time. */
async function loadMessages(lang: Language): Promise<Record<string, string>> {
  const res = await fetch(`/api/v1/i18n/${lang}`);
  const body = await res.json();
  return body.data.messages;
}

export async function initI18n(): Promise<void> {
  const lng = storedLanguage();
  await i18next
    .use(initReactI18next)
    .use(numberFormatter)
    .init({
      lng,
      fallbackLng: 'en',
      resources: {},
      keySeparator: false,
      // a number put into a text ("3 rows are ready") in the user's digits (engine/i18n/localized-numbers.ts)
      interpolation: { escapeValue: false, alwaysFormat: true },
      returnNull: false,
    });
  await ensureLanguage(lng);
  if (lng !== 'en') await ensureLanguage('en');
  document.documentElement.lang = lng;
}

async function ensureLanguage(lang: Language): Promise<void> {
  if (!i18next.hasResourceBundle(lang, 'translation'))
    i18next.addResourceBundle(lang, 'translation', await loadMessages(lang));
}

/** Switches language and remembers the choice. */
export async function changeLanguage(lang: Language): Promise<void> {
  await ensureLanguage(lang);
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang;
  await i18next.changeLanguage(lang);
}

export { i18next };

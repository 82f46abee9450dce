import { post } from '../api/api-client.ts';
import { changeLanguage, type Language } from './i18n.ts';

/**
 * The language switch of a signed-in person: the screens change at once, and the server remembers the choice, so
 * that the mail and documents Stratum writes for them are in it too (and the next sign-in, elsewhere, opens in it).
 */
export async function chooseLanguage(lang: Language): Promise<void> {
  await changeLanguage(lang);
  await post('auth/language', { language: lang });
}

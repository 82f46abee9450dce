import { LANGUAGES, type Registry } from './registry.ts';

/** Keys that en.json has and another language lacks (a missing English key is already a loader fault). */
export function missingTranslations(registry: Registry): { language: string; key: string }[] {
  const en = Object.keys(registry.messages.en);
  return LANGUAGES.filter((l) => l !== 'en').flatMap((language) =>
    en.filter((key) => !(key in registry.messages[language])).map((key) => ({ language, key })),
  );
}

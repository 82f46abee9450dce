import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaValidator } from './schema-validator.ts';
import { describeProblem } from './validation-message.ts';

/** The forms' validator, wording its messages in the current language (a new one when the language changes). */
export function useFormValidator(): SchemaValidator {
  const { t, i18n } = useTranslation();
  return useMemo(() => new SchemaValidator(describeProblem(t, i18n.language)), [t, i18n.language]);
}

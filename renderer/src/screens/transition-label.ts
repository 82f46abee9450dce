import type { TFunction } from 'i18next';

/** The i18n key of an action (a transition or a command): action.<camelCase name>. */
export const actionKey = (action: string) =>
  `action.${action.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())}`;

/**
 * A transition's button: its action, and whom the caller acts for when the record names someone else for it (an
 * administrator accepting for the named approver: "Accept (in place of Tanvir Ahmed)"); the audit trail records it so.
 */
export function transitionLabel(t: TFunction, action: string, inPlaceOf: Record<string, string> | undefined): string {
  const label = t(actionKey(action), { defaultValue: action });
  const name = inPlaceOf?.[action];
  return name ? t('shell.inPlaceOf', { action: label, name }) : label;
}

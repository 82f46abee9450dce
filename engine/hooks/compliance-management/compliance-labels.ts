import type { ComputedHook } from '../hook-registry.ts';
import { dayMonthYear } from '../../i18n/day-month-year.ts';

/** How a submission is named in lists and selects: its date as the app writes dates (day/month/year) and its state. */
export const submissionLabel: ComputedHook<'compliance-submission'> = (s) =>
  `${dayMonthYear(s.complianceDate) || String(s.complianceDate ?? '')} · ${String(s.status ?? '')}`;

const NOTE_LABEL_LENGTH = 80;
/** How a note is named in lists: its first line, cut to 80 characters. */
export const noteLabel: ComputedHook<'compliance-note'> = (n) => {
  const first = String(n.note ?? '')
    .split('\n')[0]
    .trim();
  return first.length > NOTE_LABEL_LENGTH ? `${first.slice(0, NOTE_LABEL_LENGTH - 1)}…` : first;
};

import type { ComputedHook, FilterHook } from '../hook-registry.ts';
import { today } from '../performance/quarter-windows.ts';
import { surveyStatus } from './survey.ts';

/** A survey's status today (Not Open, Open, Closed), from its start and end dates (engine/hooks/degree-360/survey.ts). */
export const surveyStatusField: ComputedHook<'survey'> = (survey) =>
  survey.startDate && survey.endDate
    ? surveyStatus({ startDate: String(survey.startDate), endDate: String(survey.endDate) }, today())
    : null;

/** ?status=Open: the same rule as surveyStatus, as SQL over the stored dates (both days inclusive). */
export const surveyStatusFilter: FilterHook = (value, sql) => {
  const start = sql.column('startDate');
  const end = sql.column('endDate');
  const now = `${sql.param(today())}::date`;
  if (value === 'Not Open') return `${start} > ${now}`;
  if (value === 'Open') return `${start} <= ${now} AND ${end} >= ${now}`;
  if (value === 'Closed') return `${end} < ${now}`;
  return 'false';
};

import type { ComputedHook, FilterHook } from '../hook-registry.ts';
import { today } from '../performance/quarter-windows.ts';

/** The spec's derived pastReviewDate: Yes when the next review date is not in the future (today counts), else No; no date set is No. */
export function isPastReview(nextReviewDate: unknown, today: string): 'Yes' | 'No' {
  return typeof nextReviewDate === 'string' && nextReviewDate.slice(0, 10) <= today ? 'Yes' : 'No';
}

/** The computed field governance.pastReviewDate, against the server's today. */
export const pastReviewDate: ComputedHook<'governance-policy'> = (r) => isPastReview(r.nextReviewDate, today());

/** ?pastReviewDate=Yes|No: the same rule in SQL over the stored next review date, against the server's today. */
export const pastReviewFilter: FilterHook = (value, sql) => {
  const next = sql.column('nextReviewDate');
  return value === 'Yes'
    ? `${next} <= ${sql.param(today())}::date`
    : `(${next} IS NULL OR ${next} > ${sql.param(today())}::date)`;
};

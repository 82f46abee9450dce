import type { EntityRecord } from '../hook-registry.ts';
import { dayMonthYear } from '../../i18n/day-month-year.ts';

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A number with thousands commas (1,234.5), or '' when there is none. */
export function displayNumber(v: unknown): string {
  return typeof v === 'number' && Number.isFinite(v) ? numberFormat.format(v) : '';
}

/** A calendar date as day/month/year (31/03/2026), or ''. */
export const displayDate = (v: unknown): string => (typeof v === 'string' ? dayMonthYear(v) : '');

/** The spec's d_ display copies of a KPI (d_ytd, d_baseline, d_target, d_targetDate). */
export const displayYtd = (r: Pick<EntityRecord<'performance-kpi'>, 'ytd'>) => displayNumber(r.ytd);
export const displayBaseline = (r: Pick<EntityRecord<'performance-kpi'>, 'baseline'>) => displayNumber(r.baseline);
export const displayTarget = (r: Pick<EntityRecord<'performance-kpi'>, 'target'>) => displayNumber(r.target);
export const displayTargetDate = (r: Pick<EntityRecord<'performance-kpi'>, 'targetDate'>) => displayDate(r.targetDate);

/** The spec's display formats (000 §9), locale-aware through Intl. */
import { longDate } from '../../../engine/i18n/long-date.ts';

const lang = () => document.documentElement.lang || 'en';

/** Amounts: exactly two decimals. */
export const formatAmount = (n: number) =>
  new Intl.NumberFormat(lang(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
/** An amount as it is typed and edited: the language's digits and decimal sign, no thousands separators (1234567,5). */
export const formatAmountInput = (n: number) =>
  new Intl.NumberFormat(lang(), { useGrouping: false, maximumFractionDigits: 2 }).format(n);
/**
 * A typed amount back to the number it stores: the digits of the language (Bengali ones too) or Latin ones, its decimal
 * sign (a comma in German) and its thousands separators (as formatAmount writes them, and spaces) read; null when it is
 * no amount (left for the validation to name).
 */
export function parseAmount(text: string): number | null {
  const parts = new Intl.NumberFormat(lang()).formatToParts(12345.6);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const plain = latinDigits(text.trim())
    .replace(/[\s\u00a0\u202f]/g, '')
    .split(group)
    .join('')
    .replace(decimal, '.');
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : null;
}
/** Integers grouped by thousands. */
export const formatInteger = (n: number) => new Intl.NumberFormat(lang(), { maximumFractionDigits: 0 }).format(n);
/** Any other figure (a score, a weight, a total): as many decimals as it has (up to four), in the user's language ("4,6" in German). */
export const formatNumber = (n: number) => new Intl.NumberFormat(lang(), { maximumFractionDigits: 4 }).format(n);
/** A percentage: the figure as formatNumber writes it, then " %". */
export const formatPercent = (n: number) => `${formatNumber(n)} %`;
/** A figure that may be missing (a score not yet given): "—" for none, else formatNumber. */
export const formatFigure = (v: unknown): string =>
  v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? '—' : formatNumber(Number(v));

const toDate = (v: string) => (v.length === 10 ? new Date(v + 'T00:00:00Z') : new Date(v));
const isDay = (v: string) => v.length === 10;
/**
 * The locale a date is written in: English as the spec writes dates, day first (British English: 25/11/2026, 25 November
 * 2026), German and Bengali as their own (25.11.2026; ২৫/১১/২০২৬ with Bengali digits).
 */
const dateLocale = () => (lang() === 'en' ? 'en-GB' : lang());
const shortDate = (timeZone: string | undefined) =>
  new Intl.DateTimeFormat(dateLocale(), { day: '2-digit', month: '2-digit', year: 'numeric', timeZone });
/**
 * A date in the user's language's short way, day first: 25/11/2026 in English (the spec's day/month/year), 25.11.2026
 * in German, ২৫/১১/২০২৬ in Bengali; a date as it is stored, a moment (a timestamp) on its day where the user is.
 */
export const formatDate = (v: string) => shortDate(isDay(v) ? 'UTC' : undefined).format(toDate(v));
/**
 * The spec's long date, DD MMMM YYYY, in the user's language (25 November 2026, 25. November 2026, ২৫ নভেম্বর, ২০২৬):
 * for a date read rather than compared (a report's, a record's heading); a moment on its day where the user is.
 */
export const formatLongDate = (v: string) => {
  const d = toDate(v);
  const day = isDay(v)
    ? v
    : `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return longDate(day, lang());
};
/** "Jan 1st 2024", as the spec shows a company's createdAt; in another language its long date ("১ জানুয়ারী, ২০২৪"). */
export function formatOrdinalDate(v: string): string {
  if (lang() !== 'en') return formatLongDate(v);
  const d = toDate(v);
  const day = d.getUTCDate();
  const suffix =
    day % 10 === 1 && day !== 11
      ? 'st'
      : day % 10 === 2 && day !== 12
        ? 'nd'
        : day % 10 === 3 && day !== 13
          ? 'rd'
          : 'th';
  return `${new Intl.DateTimeFormat('en', { month: 'short', timeZone: 'UTC' }).format(d)} ${day}${suffix} ${d.getUTCFullYear()}`;
}
/**
 * A moment (createdAt, doneAt): its day as formatDate writes it and its time of day, 24-hour, in the user's
 * language's way, both where the user is; a bare date is just the date. Every timestamp on screen goes through here.
 */
export const formatDateTime = (v: string) => {
  if (isDay(v)) return formatDate(v);
  const time = new Intl.DateTimeFormat(lang(), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(v),
  );
  return `${formatDate(v)} ${time}`;
};

/** A month as it is stored ("2026-11"): its name and year in the user's language ("November 2026", "নভেম্বর ২০২৬"). */
export const formatMonth = (v: string) =>
  new Intl.DateTimeFormat(lang(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${v}-01T00:00:00Z`),
  );
/** Whether a text is a stored month (year and month, "2026-11"). */
export const isMonthValue = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(v);

/** B, KB, MB, GB, TB by 1024 with two decimals. */
export function formatFileSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  let n = bytes;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${formatAmount(n)} ${units[i]}`;
}

/** Bengali digits (২৫/১১/২০২৬) as the Latin ones a date is read from. */
const latinDigits = (s: string) => s.replace(/[০-৯]/g, (c) => String(c.charCodeAt(0) - 0x09e6));
/**
 * A typed date back to the stored ISO day: day/month/year as formatDate writes it (also with dots or dashes, as a German
 * or Bengali user types it, and in Bengali digits), or an ISO day as it is; null when it is no day of the calendar.
 */
export function parseDate(text: string): string | null {
  const s = latinDigits(text.trim());
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  const [year, month, day] = iso ? [+iso[1], +iso[2], +iso[3]] : dmy ? [+dmy[3], +dmy[2], +dmy[1]] : [0, 0, 0];
  if (!year) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

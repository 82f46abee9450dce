/** The spec's display formats (000 §9), locale-aware through Intl. */
const lang = () => document.documentElement.lang || 'en';

/** Amounts: exactly two decimals. */
export const formatAmount = (n: number) => new Intl.NumberFormat(lang(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
/** Integers grouped by thousands. */
export const formatInteger = (n: number) => new Intl.NumberFormat(lang(), { maximumFractionDigits: 0 }).format(n);
export const formatNumber = (n: number) => new Intl.NumberFormat(lang(), { maximumFractionDigits: 4 }).format(n);

const toDate = (v: string) => (v.length === 10 ? new Date(v + 'T00:00:00Z') : new Date(v));
/** day/month/year */
export const formatDate = (v: string) => {
  const d = toDate(v);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};
/** DD MMMM YYYY */
export const formatLongDate = (v: string) => new Intl.DateTimeFormat(lang(), { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(toDate(v));
/** "Jan 1st 2024", as the spec shows a company's createdAt. */
export function formatOrdinalDate(v: string): string {
  const d = toDate(v);
  const day = d.getUTCDate();
  const suffix = day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th';
  return `${new Intl.DateTimeFormat('en', { month: 'short', timeZone: 'UTC' }).format(d)} ${day}${suffix} ${d.getUTCFullYear()}`;
}
/** A moment: its day as the app writes dates (day/month/year) and its time of day in the user's language, both local. */
export const formatDateTime = (v: string) => {
  const d = new Date(v);
  const time = new Intl.DateTimeFormat(lang(), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', numberingSystem: 'latn' }).format(d);
  return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()} ${time}`;
};

/** B, KB, MB, GB, TB by 1024 with two decimals. */
export function formatFileSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  let n = bytes;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${n.toFixed(2)} ${units[i]}`;
}

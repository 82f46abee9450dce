/**
 * The spec's long date, DD MMMM YYYY, in a language: "25 November 2026", "25. November 2026", "২৫ নভেম্বর, ২০২৬"
 * (English day first, as the spec writes it). For a document's or a report's date, where a day is read rather than
 * compared. Shared by the engine (the final report's PDF) and the renderer (`formatLongDate`): no Node, no React.
 */
export function longDate(isoDay: string, lang: string): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : lang, {
    day: '2-digit',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDay.slice(0, 10)}T00:00:00Z`));
}

import { afterEach, describe, expect, it } from 'vitest';
import { displayValue, isYearField } from '../../renderer/src/format/field-display.ts';
import { formatDate, formatDateTime, parseDate, formatFigure, formatFileSize, formatNumber, formatPercent } from '../../renderer/src/format/formats.ts';
import { chartValue, localeNumbers } from '../../renderer/src/format/chart-numbers.ts';
import { gridLocaleText } from '../../renderer/src/screens/grid-locale.ts';
import { reportCell } from '../../renderer/src/format/report-cells.ts';

/** The renderer reads the page's language from <html lang>; here a stand-in document says which. */
const inLanguage = (lang: string) => ((globalThis as { document?: unknown }).document = { documentElement: { lang } });
const t = (k: string) => ({ 'option.yes': 'Ja', 'option.no': 'Nein', 'module.performance': 'Leistungsmanagement' })[k] ?? k;

describe('values on screen', () => {
  afterEach(() => delete (globalThis as { document?: unknown }).document);

  it('shows yes/no fields in the language, never true or false', () => {
    inLanguage('de');
    expect(displayValue(t, 'visible', { type: 'boolean' }, false)).toBe('Nein');
    expect(displayValue(t, 'visible', { type: 'boolean' }, true)).toBe('Ja');
  });

  it('shows a year as a year, not as a grouped number', () => {
    inLanguage('en');
    expect(isYearField('year', { type: 'integer' })).toBe(true);
    expect(isYearField('fiscalYear', { type: 'integer' })).toBe(true);
    expect(isYearField('years', { type: 'integer' })).toBe(false);
    expect(displayValue(t, 'year', { type: 'integer' }, 2026)).toBe('2026');
    expect(displayValue(t, 'count', { type: 'integer' }, 2026)).toBeUndefined();
  });

  it('shows a stored label key in the language, and leaves other texts alone', () => {
    inLanguage('de');
    expect(displayValue(t, 'name', { type: 'string' }, 'module.performance')).toBe('Leistungsmanagement');
    expect(displayValue(t, 'name', { type: 'string' }, 'padma.example')).toBeUndefined();
  });

  it('writes a moment day/month/year like the dates, with a 24-hour time', () => {
    inLanguage('en');
    expect(formatDateTime(new Date(2026, 10, 25, 13, 25).toISOString())).toBe('25/11/2026 13:25');
  });

  it('writes a score and any figure as the language does: 4.6 in English, 4,6 in German, Bengali digits in Bengali', () => {
    inLanguage('en');
    expect(formatNumber(4.6)).toBe('4.6');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    inLanguage('de');
    expect(formatNumber(4.6)).toBe('4,6');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatPercent(87.5)).toBe('87,5 %');
    expect(formatFileSize(1536)).toBe('1,50 KB');
    inLanguage('bn');
    expect(formatNumber(4.6)).toBe('৪.৬');
  });

  it('shows a missing figure as a dash, and a figure given as text as the number it is', () => {
    inLanguage('de');
    expect(formatFigure(null)).toBe('—');
    expect(formatFigure('')).toBe('—');
    expect(formatFigure('3.25')).toBe('3,25');
    expect(formatFigure(0)).toBe('0');
  });

  it('writes dates and moments one way: day/month/year, a moment with its 24-hour time, a bare date without', () => {
    inLanguage('de');
    expect(formatDate('2026-09-30')).toBe('30/09/2026');
    const moment = new Date(2026, 10, 25, 13, 25).toISOString();
    expect(formatDate(moment)).toBe('25/11/2026');
    expect(formatDateTime(moment)).toBe('25/11/2026 13:25');
    expect(formatDateTime('2026-09-30')).toBe('30/09/2026');
    inLanguage('bn');
    expect(formatDateTime(moment)).toBe('25/11/2026 13:25');
  });

  it('has charts write their numbers in the language: value axes, tooltips and bar labels; an option\'s own formatter stays', () => {
    inLanguage('de');
    const own = (v: number) => `#${v}`;
    const option = localeNumbers({
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'value' },
      yAxis: [{ type: 'category', data: ['A'] }, { type: 'value', axisLabel: { formatter: own } }],
      series: [{ type: 'bar', data: [3.27], label: { show: true } }, { type: 'bar', data: [1], label: { show: false } }],
    }) as any;
    expect(option.xAxis.axisLabel.formatter(3.27)).toBe('3,27');
    expect(option.yAxis[0].axisLabel).toBeUndefined();
    expect(option.yAxis[1].axisLabel.formatter).toBe(own);
    expect(option.tooltip.valueFormatter(1234.5)).toBe('1.234,5');
    expect(option.series[0].label.formatter({ value: 3.27 })).toBe('3,27');
    expect(option.series[1].label.formatter).toBeUndefined();
    expect(chartValue(null)).toBe('');
    expect(chartValue('Q1')).toBe('Q1');
  });

  it('gives AG Grid its texts in bn and de, and leaves English to AG Grid', () => {
    expect(gridLocaleText('de')?.page).toBe('Seite');
    expect(gridLocaleText('bn')?.page).toBe('পৃষ্ঠা');
    expect(gridLocaleText('en')).toBeUndefined();
  });

  it('reads a typed date back to the stored ISO day: day/month/year as written, dots or dashes, Bengali digits, ISO', () => {
    expect(parseDate('20/11/2026')).toBe('2026-11-20');
    expect(parseDate(' 5/3/2026 ')).toBe('2026-03-05');
    expect(parseDate('20.11.2026')).toBe('2026-11-20');
    expect(parseDate('২০/১১/২০২৬')).toBe('2026-11-20');
    expect(parseDate('2026-11-20')).toBe('2026-11-20');
    // no day of the calendar, or the month first as the browser writes it in English: refused, not guessed
    expect(parseDate('31/02/2026')).toBeNull();
    expect(parseDate('11/20/2026')).toBeNull();
    expect(parseDate('next week')).toBeNull();
  });

  it('writes every figure of a report in the user\'s language by the one formatter set, whatever its column declares', () => {
    const col = (format?: string) => ({ key: 'totalScore', title: 'field.totalScore', ...(format ? { format } : {}) }) as never;
    const cases: [string, string[]][] = [
      ['en', ['4.60', '4.6', '12,345', '62.5 %']],
      ['de', ['4,60', '4,6', '12.345', '62,5 %']],
      ['bn', ['৪.৬০', '৪.৬', '১২,৩৪৫', '৬২.৫ %']],
    ];
    for (const [lang, [amount, plain, integer, percent]] of cases) {
      inLanguage(lang);
      expect(reportCell(col('number'), 4.6, t), lang).toBe(amount);
      expect(reportCell(col(), 4.6, t), lang).toBe(plain);
      expect(reportCell(col('integer'), 12345, t), lang).toBe(integer);
      expect(reportCell(col('percent'), 62.5, t), lang).toBe(percent);
    }
    inLanguage('en');
    expect(reportCell({ key: 'year', title: 'field.year' } as never, 2026, t)).toBe('2026');
    expect(reportCell(col(), 'Q1', t)).toBe('Q1');
  });
});

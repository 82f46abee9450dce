import { afterEach, describe, expect, it } from 'vitest';
import { displayValue, isYearField } from '../../renderer/src/format/field-display.ts';
import { displayCopy } from '../../renderer/src/format/display-copy.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { enumName, optionLabel } from '../../renderer/src/meta/labels.ts';
import {
  formatAmount,
  formatAmountInput,
  formatDate,
  formatDateTime,
  formatLongDate,
  parseAmount,
  formatInteger,
  formatMonth,
  formatOrdinalDate,
  parseDate,
  formatFigure,
  formatFileSize,
  formatNumber,
  formatPercent,
} from '../../renderer/src/format/formats.ts';
import { numberFormatter } from '../../engine/i18n/localized-numbers.ts';
import { text, wordText } from '../../engine/i18n/text.ts';
import { chartValue, localeNumbers } from '../../renderer/src/format/chart-numbers.ts';
import { gridLocaleText } from '../../renderer/src/screens/grid-locale.ts';
import { reportCell } from '../../renderer/src/format/report-cells.ts';

/** The renderer reads the page's language from <html lang>; here a stand-in document says which. */
const inLanguage = (lang: string) => ((globalThis as { document?: unknown }).document = { documentElement: { lang } });
const t = (k: string) =>
  ({ 'option.yes': 'Ja', 'option.no': 'Nein', 'module.performance': 'Leistungsmanagement' })[k] ?? k;

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

  it("writes dates and moments day first in the language's way: a moment with its 24-hour time, a bare date without", () => {
    inLanguage('en');
    expect(formatDate('2026-09-30')).toBe('30/09/2026');
    inLanguage('de');
    expect(formatDate('2026-09-30')).toBe('30.09.2026');
    const moment = new Date(2026, 10, 25, 13, 25).toISOString();
    expect(formatDate(moment)).toBe('25.11.2026');
    expect(formatDateTime(moment)).toBe('25.11.2026 13:25');
    expect(formatDateTime('2026-09-30')).toBe('30.09.2026');
    // and the date input reads back what it shows
    expect(parseDate(formatDate('2026-09-30'))).toBe('2026-09-30');
    inLanguage('bn');
    // Bengali digits in Bengali, and the date input reads them back
    expect(formatDateTime(moment)).toBe('২৫/১১/২০২৬ ১৩:২৫');
    expect(formatDate('2026-09-30')).toBe('৩০/০৯/২০২৬');
    expect(parseDate(formatDate('2026-09-30'))).toBe('2026-09-30');
    expect(formatOrdinalDate('2024-01-01')).toBe('০১ জানুয়ারি, ২০২৪');
    inLanguage('en');
    expect(formatOrdinalDate('2024-01-01')).toBe('Jan 1st 2024');
  });

  it("derives the spec's d_ display copies of dates and figures by the field's kind, in the language", () => {
    const money = { type: 'number', 'x-money': true } as never;
    const day = { type: 'string', format: 'date' } as never;
    inLanguage('de');
    expect(displayCopy(money, 1234567.5)).toBe('1.234.567,50');
    expect(displayCopy(day, '2026-11-25')).toBe('25.11.2026');
    expect(displayCopy({ type: 'integer' }, 12345)).toBe('12.345');
    expect(displayCopy({ type: 'number' }, 4.25)).toBe('4,25');
    inLanguage('bn');
    expect(displayCopy(money, 5000)).toBe('৫,০০০.০০');
    expect(displayCopy(day, '2026-11-25')).toBe('২৫/১১/২০২৬');
    inLanguage('en');
    expect(displayCopy(money, 0)).toBe('0.00');
    expect(displayCopy(day, '2026-11-25')).toBe('25/11/2026');
    // nothing stored, or no date or figure: no copy
    expect(displayCopy(money, null)).toBeUndefined();
    expect(displayCopy({ type: 'string' }, 'Depot')).toBeUndefined();
  });

  it('writes the long date DD MMMM YYYY in the language: day, month name, year', () => {
    const cases: [string, string][] = [
      ['en', '05 November 2026'],
      ['de', '05. November 2026'],
      ['bn', '০৫ নভেম্বর, ২০২৬'],
    ];
    for (const [lang, long] of cases) {
      inLanguage(lang);
      expect(formatLongDate('2026-11-05'), lang).toBe(long);
    }
    // a moment on its day where the user is
    inLanguage('en');
    expect(formatLongDate(new Date(2026, 10, 25, 23, 30).toISOString())).toBe('25 November 2026');
  });

  it('writes an amount with two decimals and thousands separators, and reads one typed back as the language types it', () => {
    const cases: [string, string, string][] = [
      ['en', '1,234,567.50', '1234567.5'],
      ['de', '1.234.567,50', '1234567,5'],
      ['bn', '১২,৩৪,৫৬৭.৫০', '১২৩৪৫৬৭.৫'],
    ];
    for (const [lang, shown, edited] of cases) {
      inLanguage(lang);
      expect(formatAmount(1234567.5), lang).toBe(shown);
      expect(formatAmountInput(1234567.5), lang).toBe(edited);
      // what is shown and what is edited both read back, and Latin digits in every language
      expect(parseAmount(shown), lang).toBe(1234567.5);
      expect(parseAmount(edited), lang).toBe(1234567.5);
      expect(parseAmount('250'), lang).toBe(250);
      expect(parseAmount('12 abc'), lang).toBeNull();
      expect(parseAmount(''), lang).toBeNull();
    }
    inLanguage('de');
    expect(parseAmount('1.500')).toBe(1500);
    expect(parseAmount('-3,25')).toBe(-3.25);
  });

  it('names a quarter Q1..Q4 in every option list and cell (Bengali ordinals in bn), never its stored index 0..3', async () => {
    const quarter = { type: 'integer', enum: [0, 1, 2, 3], title: 'field.quarter' } as const;
    for (const [lang, first, last] of [
      ['en', 'Q1', 'Q4'],
      ['de', 'Q1', 'Q4'],
      ['bn', '১ম প্রান্তিক', '৪র্থ প্রান্তিক'],
    ] as const) {
      const i = i18next.createInstance();
      const shipped = JSON.parse(
        readFileSync(join(import.meta.dirname, '../../metadata/i18n', `${lang}.json`), 'utf8'),
      );
      await i.init({ lng: lang, resources: { [lang]: { translation: shipped } }, keySeparator: false });
      expect(quarter.enum.map((v) => optionLabel(i.t, v, quarter))[0], lang).toBe(first);
      expect(optionLabel(i.t, 3, quarter), lang).toBe(last);
      // the metadata's own names (x-enumNames, ui:enumNames "Q1"..) say the same
      expect(enumName(i.t, 'Q4'), lang).toBe(last);
      // an index of another field stays what it is
      expect(optionLabel(i.t, 3, { type: 'integer', title: 'field.level' }), lang).toBe('3');
    }
  });

  it('shows a stored month ("2026-11") by its name and year in the language, wherever a value is shown', () => {
    const month = { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' } as never;
    const cases: [string, string][] = [
      ['en', 'November 2026'],
      ['bn', 'নভেম্বর ২০২৬'],
      ['de', 'November 2026'],
    ];
    for (const [lang, words] of cases) {
      inLanguage(lang);
      expect(formatMonth('2026-11'), lang).toBe(words);
      expect(displayValue(t, 'month', month, '2026-11'), lang).toBe(words);
      expect(reportCell({ key: 'month', title: 'field.month' } as never, '2026-11', t), lang).toBe(words);
    }
    inLanguage('de');
    expect(formatMonth('2026-03')).toBe('März 2026');
    // a text that only looks like one is left alone
    expect(displayValue(t, 'code', { type: 'string' }, '2026-13')).toBeUndefined();
  });

  it('words numbers and days inside texts in the digits of the language: counts, pager figures, days in messages', async () => {
    const words = async (lang: string, text: string, values: Record<string, unknown>) => {
      const i = i18next.createInstance().use(numberFormatter);
      await i.init({
        lng: lang,
        resources: { [lang]: { translation: { k: text } } },
        interpolation: { escapeValue: false, alwaysFormat: true },
      });
      return i.t('k', values);
    };
    expect(await words('bn', '{{count}}টি সারি, মোট {{total, number}}', { count: 3, total: 12345 })).toBe(
      '৩টি সারি, মোট ১২,৩৪৫',
    );
    expect(
      await words('en', '{{count}} rows of {{total, number}} in {{year}}', { count: 3, total: 12345, year: 2026 }),
    ).toBe('3 rows of 12,345 in 2026');
    expect(await words('de', '{{n}} Zeilen', { n: 1.5 })).toBe('1,5 Zeilen');
    expect(
      wordText(
        ((k: string, o: Record<string, unknown>) => `${k} ${o.day}`) as never,
        text('x', { day: '30/11/2026' }),
        'bn',
      ),
    ).toBe('x ৩০/১১/২০২৬');
    // a day in a German message is written as the German screens write it
    expect(
      wordText(
        ((k: string, o: Record<string, unknown>) => `${k} ${o.day}`) as never,
        text('x', { day: '30/11/2026' }),
        'de',
      ),
    ).toBe('x 30.11.2026');
    expect(wordText(((k: string) => k) as never, 4, 'bn')).toBe('৪');
    // a name with digits in it is not a day and keeps its own
    expect(
      wordText(((_k: string, o: Record<string, unknown>) => `${o.name}`) as never, text('x', { name: 'KPI 12' }), 'bn'),
    ).toBe('KPI 12');
    inLanguage('bn');
    expect(formatInteger(58)).toBe('৫৮');
  });

  it("has charts write their numbers in the language: value axes, tooltips and bar labels; an option's own formatter stays", () => {
    inLanguage('de');
    const own = (v: number) => `#${v}`;
    const option = localeNumbers({
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'value' },
      yAxis: [
        { type: 'category', data: ['A'] },
        { type: 'value', axisLabel: { formatter: own } },
      ],
      series: [
        { type: 'bar', data: [3.27], label: { show: true } },
        { type: 'bar', data: [1], label: { show: false } },
      ],
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

  it("writes every figure of a report in the user's language by the one formatter set, whatever its column declares", () => {
    const col = (format?: string) =>
      ({ key: 'totalScore', title: 'field.totalScore', ...(format ? { format } : {}) }) as never;
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

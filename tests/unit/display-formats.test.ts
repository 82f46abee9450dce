import { afterEach, describe, expect, it } from 'vitest';
import { displayValue, isYearField } from '../../renderer/src/format/field-display.ts';
import { formatDateTime } from '../../renderer/src/format/formats.ts';
import { gridLocaleText } from '../../renderer/src/screens/grid-locale.ts';

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

  it('gives AG Grid its texts in bn and de, and leaves English to AG Grid', () => {
    expect(gridLocaleText('de')?.page).toBe('Seite');
    expect(gridLocaleText('bn')?.page).toBe('পৃষ্ঠা');
    expect(gridLocaleText('en')).toBeUndefined();
  });
});

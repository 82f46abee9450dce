import type { TFunction } from 'i18next';
import { optionKey } from '../../../engine/metadata/option-key.ts';

export { optionKey };

/** A quarter (stored 0..3, `quarterIndex`) as people name it: Q1..Q4, "১ম প্রান্তিক" in Bengali (option.quarter1..4). */
export const quarterName = (t: TFunction, index: number): string =>
  t(`option.quarter${index + 1}`, { defaultValue: `Q${index + 1}` });

/** Whether a field holds a quarter's index: an integer titled Quarter (or the quarter whose window a review waits for). */
const isQuarterField = (field?: { title?: string; type?: unknown }) =>
  (field?.title === 'field.quarter' || field?.title === 'field.windowQuarter') && field.type === 'integer';

/** An option's label in the reader's words; a quarter's index (0..3) by its name (Q1..Q4), never the bare index. */
export const optionLabel = (
  t: TFunction,
  value: string | number,
  field?: { title?: string; type?: unknown },
): string => {
  if (isQuarterField(field) && typeof value === 'number' && value >= 0 && value <= 3) return quarterName(t, value);
  const key = optionKey(value);
  return t(key, { defaultValue: String(value) });
};

/** An option name the metadata gives (an i18n key such as module.riskManagement, or Q1..Q4) in the reader's words. */
export const enumName = (t: TFunction, name: string): string =>
  /^Q[1-4]$/.test(name) ? quarterName(t, Number(name[1]) - 1) : t(name, { defaultValue: name });

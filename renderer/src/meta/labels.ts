import type { TFunction } from 'i18next';
import { optionKey } from '../../../engine/metadata/option-key.ts';

export { optionKey };

export const optionLabel = (t: TFunction, value: string | number): string => {
  const key = optionKey(value);
  return t(key, { defaultValue: String(value) });
};

import type { MetadataFault } from './metadata-error.ts';
import type { Messages } from './registry.ts';

/** Reports, at a file and JSON pointer, an i18n key the English catalogue lacks (undefined: nothing named). */
export type KeyCheck = (file: string, pointer: string, k: string | undefined) => void;

/** Every text the metadata names is worded in English at least (bn and de are `npm run check`'s, translation-check.ts). */
export function keyCheck(en: Messages, faults: MetadataFault[]): KeyCheck {
  return (file, pointer, k) => {
    if (k !== undefined && !(k in en))
      faults.push({ file, pointer, message: `names the i18n key "${k}", which metadata/i18n/en.json does not define` });
  };
}

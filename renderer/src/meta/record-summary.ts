import type { TFunction } from 'i18next';
import type { EntityMeta } from './meta-types.ts';
import { optionLabel } from './labels.ts';
import { displayCopy } from '../format/display-copy.ts';
import { displayValue } from '../format/field-display.ts';

/** How many of the list's columns name a record that has no title of its own. */
const SUMMARY_COLUMNS = 3;

/**
 * What names a record that has no title field (a quarter of an annual plan): the first columns of its list, other than
 * those named in `skip` (the parent it is listed under) and other references, as the list shows them: "Q1 ·
 * 01/01/2026 · 31/03/2026", never its bare id. Undefined when those columns hold nothing.
 */
export function recordSummary(
  t: TFunction,
  entity: EntityMeta,
  row: Record<string, unknown>,
  skip: readonly string[] = [],
): string | undefined {
  const parts: string[] = [];
  for (const name of entity.list.columns) {
    const f = entity.schema.properties[name];
    if (!f || f['x-ref'] || skip.includes(name)) continue;
    const v = row[name];
    if (v === null || v === undefined || v === '') continue;
    const shown =
      displayValue(t, name, f, v) ??
      (f.enum ? optionLabel(t, v as string | number, f) : (displayCopy(f, v) ?? String(v)));
    parts.push(shown);
    if (parts.length === SUMMARY_COLUMNS) break;
  }
  return parts.length ? parts.join(' · ') : undefined;
}

import { IMPORT_FIELDS, REQUIRED_FIELDS, type ImportField } from './employee-fields.ts';
import type { ImportSource } from './import-sources.ts';

/** For each column of the file (by position), the employee field it fills, or null to ignore it. */
export type ColumnMapping = readonly (ImportField | null)[];

/** A header as compared: case, spaces and punctuation do not count ("E-mail address" = "email ADDRESS"). */
export const headerKey = (header: string): string => header.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** The source's mapping applied to the file's headers; a field goes to the first column that names it. */
export function defaultMapping(headers: readonly string[], source: ImportSource): ColumnMapping {
  const byHeader = new Map<string, ImportField>();
  for (const field of IMPORT_FIELDS)
    for (const h of source.headers[field] ?? []) if (!byHeader.has(headerKey(h))) byHeader.set(headerKey(h), field);
  const taken = new Set<ImportField>();
  return headers.map((h) => {
    const field = byHeader.get(headerKey(h));
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** The mapping with one column changed. */
export const remap = (mapping: ColumnMapping, column: number, field: ImportField | null): ColumnMapping =>
  mapping.map((f, i) => (i === column ? field : f));

export interface MappingProblems {
  /** fields chosen for more than one column */
  duplicates: ImportField[];
  /** required fields no column fills */
  missing: ImportField[];
}

export function mappingProblems(mapping: ColumnMapping): MappingProblems {
  const seen = new Set<ImportField>();
  const duplicates = new Set<ImportField>();
  for (const f of mapping) if (f) (seen.has(f) ? duplicates : seen).add(f);
  return {
    duplicates: IMPORT_FIELDS.filter((f) => duplicates.has(f)),
    missing: REQUIRED_FIELDS.filter((f) => !seen.has(f)),
  };
}

export const mappingIsUsable = (p: MappingProblems): boolean => p.duplicates.length === 0 && p.missing.length === 0;

/** The column that fills each field (the first, should the user pick a field twice). */
export function columnOfField(mapping: ColumnMapping): Map<ImportField, number> {
  const out = new Map<ImportField, number>();
  mapping.forEach((f, i) => f && !out.has(f) && out.set(f, i));
  return out;
}

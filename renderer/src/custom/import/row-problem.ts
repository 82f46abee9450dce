import type { ImportField } from './employee-fields.ts';

/**
 * Something wrong with one row: the field it concerns (null for the row as a whole), and either an i18n key with its
 * values (found in the browser) or the server's own text (from its 422 reply).
 */
export interface RowProblem {
  field: ImportField | null;
  key?: string;
  params?: Record<string, string | number>;
  text?: string;
}

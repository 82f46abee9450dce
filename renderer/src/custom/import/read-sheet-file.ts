import Papa from 'papaparse';
import { toParsedSheet, type ParsedSheet } from './parsed-sheet.ts';

/** Why a file could not be read, as an i18n key with its values. */
export class SheetFileError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string> = {},
  ) {
    super(key);
  }
}

export const ACCEPTED_FILES = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Reads a .csv (papaparse, delimiter detected) or the first sheet of an .xlsx (read-excel-file) in the browser. */
export async function readSheetFile(file: File): Promise<ParsedSheet> {
  const extension = file.name.toLowerCase().split('.').pop();
  if (extension === 'csv') return readCsv(file);
  if (extension === 'xlsx') return readXlsx(file);
  if (extension === 'xls') throw new SheetFileError('import.file.xlsNotSupported');
  throw new SheetFileError('import.file.wrongType');
}

async function readCsv(file: File): Promise<ParsedSheet> {
  const result = Papa.parse<string[]>(await file.text(), { skipEmptyLines: false });
  const broken = result.errors.find((e) => e.type === 'Quotes');
  if (broken) throw new SheetFileError('import.file.unreadable', { reason: `${broken.message} (${(broken.row ?? 0) + 1})` });
  return toParsedSheet(result.data);
}

async function readXlsx(file: File): Promise<ParsedSheet> {
  // loaded on demand: only .xlsx files need it
  const { readSheet, InvalidInputError } = await import('read-excel-file/browser');
  try {
    return toParsedSheet(await readSheet(file));
  } catch (e) {
    if (e instanceof InvalidInputError && e.code === 'XLS_FILE_NOT_SUPPORTED') throw new SheetFileError('import.file.xlsNotSupported');
    throw new SheetFileError('import.file.unreadable', { reason: (e as Error).message });
  }
}

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

/** The sheet types an import reads, as the file control names them. */
export const SHEET_TYPES = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
export const ACCEPTED_FILES = `.csv,.xlsx,${SHEET_TYPES.join(',')}`;

/** Reads a .csv (papaparse, delimiter detected) or the first sheet of an .xlsx (read-excel-file) in the browser. */
export async function readSheetFile(file: File): Promise<ParsedSheet> {
  const extension = file.name.toLowerCase().split('.').pop();
  if (extension === 'csv') return readCsv(file);
  if (extension === 'xlsx') return readXlsx(file);
  if (extension === 'xls') throw new SheetFileError('import.file.xlsNotSupported');
  throw new SheetFileError('import.file.wrongType');
}

/** The encodings a CSV is read in: UTF-8 (with or without a byte order mark), else Windows-1252, and said so. */
export type CsvEncoding = 'utf-8' | 'windows-1252';

/**
 * A CSV's bytes as text. UTF-8 is checked strictly (TextDecoder with fatal: a byte sequence that is not UTF-8 is an
 * error, not a replacement character); a file that is not UTF-8 is read as Windows-1252, the encoding Excel's plain
 * "CSV" uses on Western European Windows, and the import says so, so that nobody imports "J�rgen M�ller" unawares.
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

async function readCsv(file: File): Promise<ParsedSheet> {
  const { text, encoding } = decodeCsv(new Uint8Array(await file.arrayBuffer()));
  const result = Papa.parse<string[]>(text, { skipEmptyLines: false });
  const broken = result.errors.find((e) => e.type === 'Quotes');
  if (broken)
    throw new SheetFileError('import.file.unreadable', { reason: `${broken.message} (${(broken.row ?? 0) + 1})` });
  const sheet = toParsedSheet(result.data);
  return encoding === 'utf-8' ? sheet : { ...sheet, encoding };
}

async function readXlsx(file: File): Promise<ParsedSheet> {
  // loaded on demand: only .xlsx files need it
  const { readSheet, InvalidInputError } = await import('read-excel-file/browser');
  try {
    return toParsedSheet(await readSheet(file));
  } catch (e) {
    if (e instanceof InvalidInputError && e.code === 'XLS_FILE_NOT_SUPPORTED')
      throw new SheetFileError('import.file.xlsNotSupported');
    throw new SheetFileError('import.file.unreadable', { reason: (e as Error).message });
  }
}

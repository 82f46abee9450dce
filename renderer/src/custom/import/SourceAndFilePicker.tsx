import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import Papa from 'papaparse';
import { formatInteger } from '../../format/formats.ts';
import { IMPORT_FIELDS } from './employee-fields.ts';
import { IMPORT_SOURCES, templateHeaders, type ImportSourceId } from './import-sources.ts';
import type { ParsedSheet } from './parsed-sheet.ts';
import { ACCEPTED_FILES, readSheetFile, SheetFileError, SHEET_TYPES } from './read-sheet-file.ts';
import { FileInput } from '../../widgets/FileInput.tsx';

/** Step 1: where the file comes from (which sets the default column mapping), then the file itself, read in the browser. */
export function SourceAndFilePicker({
  sourceId,
  onSource,
  loaded,
  onFile,
  failureTitle,
}: {
  sourceId: ImportSourceId;
  onSource: (id: ImportSourceId) => void;
  loaded: { name: string; rows: number; encoding?: string } | null;
  onFile: (name: string, sheet: ParsedSheet) => void;
  /** the screen's title for a file that cannot be read (the Sage and Cow screens: "Get Sage Employees Failed") */
  failureTitle?: string;
}) {
  const { t } = useTranslation();
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const read = async (file: File) => {
    setReading(true);
    setError(null);
    try {
      const sheet = await readSheetFile(file);
      if (!sheet.headers.length) setError(t('import.file.empty'));
      else onFile(file.name, sheet);
    } catch (e) {
      setError(
        e instanceof SheetFileError
          ? t(e.key, e.params)
          : t('import.file.unreadable', { reason: (e as Error).message }),
      );
    } finally {
      // (the same file can be chosen again once it is corrected: the file control clears itself)
      setReading(false);
    }
  };

  const downloadTemplate = () => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(
      new Blob(['\ufeff' + Papa.unparse([templateHeaders(IMPORT_FIELDS)])], { type: 'text/csv;charset=utf-8' }),
    );
    a.download = 'stratum-employees.csv';
    a.click();
    URL.revokeObjectURL(a.href);
  };

  return (
    <section className="card stack" aria-labelledby="import-source-title">
      <h2 id="import-source-title">{t('import.step.source')}</h2>
      <div className="row">
        <label htmlFor="import-source">{t('import.source')}</label>
        <select
          id="import-source"
          className="input"
          style={{ maxWidth: 280 }}
          value={sourceId}
          onChange={(e) => onSource(e.target.value as ImportSourceId)}
        >
          {IMPORT_SOURCES.map((s) => (
            <option key={s.id} value={s.id}>
              {t(s.labelKey)}
            </option>
          ))}
        </select>
        {sourceId === 'stratum' && (
          <button type="button" className="btn" onClick={downloadTemplate}>
            {t('import.downloadTemplate')}
          </button>
        )}
      </div>
      <div className="stack">
        <label htmlFor="import-file">{t('import.file')}</label>
        <FileInput
          id="import-file"
          accept={ACCEPTED_FILES}
          mimeTypes={SHEET_TYPES}
          disabled={reading}
          chosen={loaded?.name}
          onFile={(file) => file && void read(file)}
        />
        <div id="import-file-state" role="status">
          {reading && <span className="muted">{t('shell.loading')}</span>}
          {!reading && loaded && (
            <span className="muted">
              {t('import.file.loaded', { name: loaded.name, count: loaded.rows, rows: formatInteger(loaded.rows) })}
            </span>
          )}
        </div>
        {!reading && loaded?.encoding && (
          <p className="warning-text" role="alert" data-testid="import-encoding">
            {t('import.file.notUtf8', { name: loaded.name })}
          </p>
        )}
        {error && (
          <p className="error-text" role="alert">
            {failureTitle && <strong>{t(failureTitle)}: </strong>}
            {error}
          </p>
        )}
      </div>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { useEffect, useMemo, useState } from 'react';
import { post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { formatInteger } from '../format/formats.ts';
import { useEntity, useMeta } from '../meta/meta-context.tsx';
import type { ScreenMeta } from '../meta/meta-types.ts';
import { screensOf } from '../screens/entity-screens.ts';
import { ConfirmDialog } from '../shell/Dialogs.tsx';
import { ColumnMappingTable } from './import/ColumnMappingTable.tsx';
import { defaultMapping, mappingIsUsable, mappingProblems, type ColumnMapping } from './import/column-mapping.ts';
import { limitsFromSchema, SUPERVISOR_FIELD, type ImportField } from './import/employee-fields.ts';
import {
  buildImportRows,
  MAX_IMPORT_ROWS,
  mappedFields,
  rowsWithProblems,
  type ImportRow,
} from './import/employee-rows.ts';
import { importSource, type ImportSourceId } from './import/import-sources.ts';
import { ImportResult } from './import/ImportResult.tsx';
import { indexOrgDirectory } from './import/org-units.ts';
import type { ParsedSheet } from './import/parsed-sheet.ts';
import { PreviewTable } from './import/PreviewTable.tsx';
import { serverProblems, withServerProblems, type ServerProblems } from './import/server-errors.ts';
import { SourceAndFilePicker } from './import/SourceAndFilePicker.tsx';
import { useOrgDirectory } from './import/use-org-directory.ts';

const EMPLOYEE_LIST = '/app/settings/organization-units/employees';

/**
 * Settings / import employees: pick a source and a .csv or .xlsx file, map its columns to employee fields, check every
 * row in the browser (names, e-mail, organisation units by name), then by the server with the import itself run as a
 * dry run (duplicates against the company's employees, supervisors by e-mail, sign-ins), each problem on its row;
 * confirm, and add them all in one add-bulk call.
 */
export default function ImportEmployees({
  screen,
  source = 'stratum',
}: {
  screen?: ScreenMeta;
  source?: ImportSourceId;
}) {
  const { t } = useTranslation();
  const meta = useMeta();
  const employee = useEntity('employee');
  const bulk = employee?.commands.find((c) => c.name === 'add-bulk');
  const { loading, run } = useCall();
  const { directory, failed: unitsFailed } = useOrgDirectory();
  const units = useMemo(() => (directory ? indexOrgDirectory(directory) : null), [directory]);
  const limits = useMemo(() => limitsFromSchema(employee?.schema.properties ?? {}), [employee]);

  const [sourceId, setSourceId] = useState<ImportSourceId>(source);
  const [file, setFile] = useState<{ name: string; sheet: ParsedSheet } | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>([]);
  const [server, setServer] = useState<ServerProblems | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [imported, setImported] = useState<number | null>(null);

  const fieldLabel = (f: ImportField) =>
    f === SUPERVISOR_FIELD ? t('import.field.supervisorEmail') : t(employee?.schema.properties[f]?.title ?? f);
  const problems = useMemo(() => mappingProblems(mapping), [mapping]);
  const checked = useMemo(
    () => (file && units ? buildImportRows(file.sheet, mapping, units, limits) : []),
    [file, mapping, units, limits],
  );
  const rows = useMemo(() => (server ? withServerProblems(checked, server.byRow) : checked), [checked, server]);
  const badRows = rowsWithProblems(rows);
  const tooMany = rows.length > MAX_IMPORT_ROWS;
  const browserReady =
    !!bulk && !!units && checked.length > 0 && !tooMany && rowsWithProblems(checked) === 0 && mappingIsUsable(problems);
  const serverCheck = useServerCheck(browserReady ? checked : null, bulk?.name, setServer);
  const ready = browserReady && serverCheck === 'passed' && badRows === 0;

  const chooseSource = (id: ImportSourceId) => {
    setSourceId(id);
    if (file) setMapping(defaultMapping(file.sheet.headers, importSource(id)));
    setServer(null);
  };
  const chooseFile = (name: string, sheet: ParsedSheet) => {
    setFile({ name, sheet });
    setMapping(defaultMapping(sheet.headers, importSource(sourceId)));
    setServer(null);
  };
  const changeMapping = (m: ColumnMapping) => {
    setMapping(m);
    setServer(null);
  };
  const startOver = () => {
    setImported(null);
    setFile(null);
    setMapping([]);
    setServer(null);
  };

  const importRows = async () => {
    setConfirming(false);
    setServer(null);
    const items = rows.map((r) => r.item);
    const d = await run('error.importEmployees', () => post(`employee/${bulk!.name}`, { items }), {
      onFailure: (e) => setServer(serverProblems(e.fieldErrors, rows)),
    });
    if (!d) return;
    const added = d[bulk!.dataKey];
    setImported(Array.isArray(added) ? added.length : items.length);
  };

  const title = t(screen?.label ?? 'screen.importEmployees');
  if (imported !== null)
    return (
      <section data-screen="import-employees">
        <h1>{title}</h1>
        <ImportResult
          count={imported}
          listPath={screensOf(meta, 'employee').list?.path ?? EMPLOYEE_LIST}
          onAgain={startOver}
        />
      </section>
    );

  return (
    <section data-screen="import-employees" className="stack">
      <h1>{title}</h1>
      <p className="muted">{t('import.intro')}</p>
      {!bulk && <p className="error-text">{t('import.notAllowed')}</p>}
      <SourceAndFilePicker
        sourceId={sourceId}
        onSource={chooseSource}
        loaded={file && { name: file.name, rows: file.sheet.rows.length, encoding: file.sheet.encoding }}
        onFile={chooseFile}
        failureTitle={screen?.errors?.list}
      />
      {file && (
        <ColumnMappingTable
          headers={file.sheet.headers}
          example={file.sheet.rows[0]?.cells}
          mapping={mapping}
          problems={problems}
          fieldLabel={fieldLabel}
          onChange={changeMapping}
        />
      )}
      {file && (
        <section className="card stack" aria-labelledby="import-check-title">
          <h2 id="import-check-title">{t('import.step.check')}</h2>
          {!units && (
            <p className="muted" role="status">
              {t('import.unitsLoading')}
            </p>
          )}
          {unitsFailed && <p className="error-text">{t('import.unitsFailed')}</p>}
          {units && (
            <>
              <p
                role="status"
                data-check={serverCheck}
                className={badRows || tooMany || !rows.length || serverCheck === 'failed' ? 'error-text' : undefined}
              >
                {!rows.length
                  ? t('import.noRows')
                  : browserReady && serverCheck === 'checking'
                    ? t('import.checkingServer', { count: rows.length, rows: formatInteger(rows.length) })
                    : tooMany
                      ? t('import.tooMany', { rows: formatInteger(rows.length), max: formatInteger(MAX_IMPORT_ROWS) })
                      : badRows
                        ? t('import.summaryProblems', {
                            count: badRows,
                            rows: formatInteger(badRows),
                            total: formatInteger(rows.length),
                          })
                        : serverCheck === 'passed'
                          ? t('import.summaryReady', { count: rows.length, rows: formatInteger(rows.length) })
                          : t('import.checkFailed')}
              </p>
              {server?.general.map((e, i) => (
                <p key={i} className="error-text">
                  {e.field ? `${e.field}: ${e.message}` : e.message}
                </p>
              ))}
              {rows.length > 0 && <PreviewTable rows={rows} fields={mappedFields(mapping)} fieldLabel={fieldLabel} />}
            </>
          )}
          <div className="row">
            <span className="spacer" />
            <button type="button" className="btn" onClick={startOver} disabled={loading}>
              {t('shell.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={!ready || loading}
              onClick={() => setConfirming(true)}
            >
              {t('import.importButton', { count: rows.length, rows: formatInteger(rows.length) })}
            </button>
          </div>
        </section>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('import.confirmTitle')}
          text={t('import.confirmText', { count: rows.length, rows: formatInteger(rows.length) })}
          onCancel={() => setConfirming(false)}
          onConfirm={importRows}
        />
      )}
    </section>
  );
}

type ServerCheck = 'idle' | 'checking' | 'passed' | 'failed';

/**
 * The server's check of the rows the browser found good: the import itself as a dry run (`dryRun: true`, rolled back,
 * nothing written), so that what it refuses (an e-mail another employee of the company has, a supervisor nobody has)
 * is shown on its row before anything is imported. Run again whenever the rows change; an answer for rows since
 * changed is dropped.
 */
function useServerCheck(
  rows: readonly ImportRow[] | null,
  command: string | undefined,
  setServer: (p: ServerProblems | null) => void,
): ServerCheck {
  const { run } = useCall();
  const [state, setState] = useState<{ rows: readonly ImportRow[] | null; check: ServerCheck }>({
    rows: null,
    check: 'idle',
  });
  useEffect(() => {
    if (!rows || !command) return;
    let current = true;
    setServer(null);
    setState({ rows, check: 'checking' });
    void run(
      'error.importEmployees',
      () => post(`employee/${command}`, { items: rows.map((r) => r.item), dryRun: true }),
      {
        quiet: true,
        onFailure: (e) =>
          current &&
          setServer(
            e.fieldErrors.length
              ? serverProblems(e.fieldErrors, rows)
              : { byRow: new Map(), general: [{ field: '', message: `${e.title}: ${e.message}` }] },
          ),
      },
    ).then((d) => current && setState({ rows, check: d ? 'passed' : 'failed' }));
    return () => {
      current = false;
    };
  }, [rows, command, run, setServer]);
  return rows && state.rows === rows ? state.check : rows ? 'checking' : 'idle';
}

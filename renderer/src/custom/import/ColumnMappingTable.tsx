import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../format/formats.ts';
import { remap, type ColumnMapping, type MappingProblems } from './column-mapping.ts';
import { IMPORT_FIELDS, isImportField, type ImportField } from './employee-fields.ts';

/** Step 2: one row per column of the file, with an example value and the employee field it fills (or ignore). */
export function ColumnMappingTable({
  headers,
  example,
  mapping,
  problems,
  fieldLabel,
  onChange,
}: {
  headers: readonly string[];
  example: readonly string[] | undefined;
  mapping: ColumnMapping;
  problems: MappingProblems;
  fieldLabel: (f: ImportField) => string;
  onChange: (m: ColumnMapping) => void;
}) {
  const { t } = useTranslation();
  const columnName = (i: number) => headers[i] || t('import.unnamedColumn', { n: formatInteger(i + 1) });
  return (
    <section className="card stack" aria-labelledby="import-mapping-title">
      <h2 id="import-mapping-title">{t('import.step.mapping')}</h2>
      <p className="muted">{t('import.mappingHelp')}</p>
      <table className="plain">
        <thead>
          <tr>
            <th scope="col">{t('import.fileColumn')}</th>
            <th scope="col">{t('import.example')}</th>
            <th scope="col">{t('import.employeeField')}</th>
          </tr>
        </thead>
        <tbody>
          {headers.map((_, i) => (
            <tr key={i}>
              <th scope="row">{columnName(i)}</th>
              <td className="muted">{example?.[i] ?? ''}</td>
              <td>
                <select
                  className="input"
                  aria-label={t('import.fieldForColumn', { column: columnName(i) })}
                  value={mapping[i] ?? ''}
                  aria-invalid={mapping[i] ? problems.duplicates.includes(mapping[i]!) : undefined}
                  onChange={(e) => onChange(remap(mapping, i, isImportField(e.target.value) ? e.target.value : null))}
                >
                  <option value="">{t('import.ignore')}</option>
                  {IMPORT_FIELDS.map((f) => (
                    <option key={f} value={f}>
                      {fieldLabel(f)}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {problems.duplicates.map((f) => (
        <p key={`d-${f}`} className="error-text">
          {t('import.mapping.duplicate', { field: fieldLabel(f) })}
        </p>
      ))}
      {problems.missing.map((f) => (
        <p key={`m-${f}`} className="error-text">
          {t('import.mapping.missing', { field: fieldLabel(f) })}
        </p>
      ))}
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../format/formats.ts';
import type { ImportField } from './employee-fields.ts';
import type { ImportRow } from './employee-rows.ts';
import type { RowProblem } from './row-problem.ts';

/** How many of the first rows the preview always shows; rows with problems are shown as well, up to MAX_PROBLEM_ROWS. */
const FIRST_ROWS = 10;
const MAX_PROBLEM_ROWS = 200;

/** The rows of the preview: the first few, and every row with a problem (up to a limit), in file order. */
export function previewRows(rows: readonly ImportRow[]): { shown: ImportRow[]; hiddenProblemRows: number } {
  const shown: ImportRow[] = [];
  let problemRows = 0;
  let hiddenProblemRows = 0;
  rows.forEach((r, i) => {
    const bad = r.problems.length > 0;
    if (bad && i >= FIRST_ROWS && ++problemRows > MAX_PROBLEM_ROWS) hiddenProblemRows++;
    else if (i < FIRST_ROWS || bad) shown.push(r);
  });
  return { shown, hiddenProblemRows };
}

/** Step 3: the rows as they will be imported, each with what is wrong with it (found here or by the server). */
export function PreviewTable({
  rows,
  fields,
  fieldLabel,
}: {
  rows: readonly ImportRow[];
  fields: readonly ImportField[];
  fieldLabel: (f: ImportField) => string;
}) {
  const { t } = useTranslation();
  const { shown, hiddenProblemRows } = previewRows(rows);
  const problemText = (p: RowProblem) => {
    const params = Object.fromEntries(
      Object.entries(p.params ?? {}).map(([k, v]) => [k, typeof v === 'number' ? formatInteger(v) : v]),
    );
    const text = p.text ?? t(p.key ?? 'shell.somethingFailed', params);
    return p.field ? `${fieldLabel(p.field)}: ${text}` : text;
  };
  return (
    <div style={{ overflowX: 'auto' }}>
      <table className="plain">
        <caption className="sr-only">{t('import.previewCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('import.row')}</th>
            {/* what is wrong with a row comes first: a wide file's last column is off-screen until scrolled to */}
            <th scope="col">{t('import.problems')}</th>
            {fields.map((f) => (
              <th key={f} scope="col">
                {fieldLabel(f)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.line} data-problems={r.problems.length || undefined}>
              <th scope="row">{formatInteger(r.line)}</th>
              <td data-testid="row-problems">
                {r.problems.length === 0 ? (
                  <span className="muted">{t('import.rowOk')}</span>
                ) : (
                  <ul className="error-text" style={{ margin: 0, paddingInlineStart: 'var(--space-4)' }}>
                    {r.problems.map((p, i) => (
                      <li key={i}>{problemText(p)}</li>
                    ))}
                  </ul>
                )}
              </td>
              {fields.map((f) => (
                <td key={f}>{r.values[f] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {hiddenProblemRows > 0 && (
        <p className="error-text">
          {t('import.moreProblemRows', { count: hiddenProblemRows, rows: formatInteger(hiddenProblemRows) })}
        </p>
      )}
    </div>
  );
}

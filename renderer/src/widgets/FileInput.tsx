import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../format/formats.ts';
import { fileTypeNames } from './file-type-names.ts';

/**
 * A file control in the app's words and the reader's language: the browser's own ("Choose File", "No file chosen")
 * stays English whatever the language, so its input is hidden and a button of ours opens it. Under it, the file chosen
 * or that none is, and which files it takes (types and size, from the command's declaration). Every upload uses it.
 */
export function FileInput({
  id,
  mimeTypes,
  accept,
  maxBytes,
  disabled,
  chosen,
  onFile,
  testId,
  stateTestId,
}: {
  /** the input's id, which the caller's label names */
  id: string;
  mimeTypes?: readonly string[];
  /** what the browser's dialog offers, where file name endings say it better than the types (.csv) */
  accept?: string;
  maxBytes?: number;
  disabled?: boolean;
  /** what the control shows as chosen: a file's name, or nothing */
  chosen?: string | null;
  onFile: (file: File | null) => void;
  testId?: string;
  /** the test id of the line saying what is chosen */
  stateTestId?: string;
}) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const types = mimeTypes?.length
    ? new Intl.ListFormat(i18n.language, { type: 'disjunction' }).format(fileTypeNames(mimeTypes))
    : undefined;
  const hint =
    types && maxBytes
      ? t('shell.fileTypesLimit', { types, size: formatFileSize(maxBytes) })
      : types
        ? t('shell.fileTypes', { types })
        : maxBytes
          ? t('shell.fileLimit', { size: formatFileSize(maxBytes) })
          : undefined;
  return (
    <div className="stack file-input">
      <div className="row">
        <input
          ref={input}
          id={id}
          data-testid={testId}
          type="file"
          className="sr-only"
          tabIndex={-1}
          accept={accept ?? mimeTypes?.join(',')}
          disabled={disabled}
          aria-describedby={`${id}-state`}
          onChange={(e) => {
            onFile(e.target.files?.[0] ?? null);
            // the same file chosen again (after a refusal) is a change too
            e.target.value = '';
          }}
        />
        <button type="button" className="btn" disabled={disabled} onClick={() => input.current?.click()}>
          {t('shell.chooseFile')}
        </button>
        <span className="muted" id={`${id}-state`} data-testid={stateTestId}>
          {chosen ?? t('shell.noFileChosen')}
        </span>
      </div>
      {hint && <span className="muted">{hint}</span>}
    </div>
  );
}

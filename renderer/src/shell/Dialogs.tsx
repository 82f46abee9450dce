import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallError } from '../api/call-state.tsx';
import { parseDate } from '../format/formats.ts';
import { DateInput } from '../widgets/DateInput.tsx';

function Dialog({ labelledBy, children, onClose }: { labelledBy: string; children: ReactNode; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('textarea, input, select, button')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby={labelledBy} ref={ref}>
        {children}
      </div>
    </div>
  );
}

/** The last failed call: its title and the server's message. */
export function ErrorDialog() {
  const { error, setError } = useCallError();
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Dialog labelledBy="error-title" onClose={() => setError(null)}>
      <h2 id="error-title" className="error-text">
        {error.title}
      </h2>
      <p data-testid="error-message">{error.message}</p>
      <div className="row">
        <span className="spacer" />
        <button type="button" className="btn btn-primary" onClick={() => setError(null)}>
          {t('shell.ok')}
        </button>
      </div>
    </Dialog>
  );
}

/** Confirm in green, cancel in red, as the spec asks. */
export function ConfirmDialog({
  title,
  text,
  onConfirm,
  onCancel,
}: {
  title: string;
  text: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog labelledBy="confirm-title" onClose={onCancel}>
      <h2 id="confirm-title">{title}</h2>
      <p>{text}</p>
      <div className="row">
        <span className="spacer" />
        <button type="button" className="btn btn-danger" onClick={onCancel}>
          {t('shell.cancel')}
        </button>
        <button type="button" className="btn btn-success" onClick={onConfirm}>
          {t('shell.confirm')}
        </button>
      </div>
    </Dialog>
  );
}

/** What an action asks for: its name, its label, and the field's declared type and format (a date is asked as a date). */
export type AskedField = { name: string; label: string; type?: string; format?: string };

/** One answer as the field's type wants it sent: a number for a number, else the trimmed text (a date's ISO day). */
const answerOf = (f: AskedField, v: string) => (f.type === 'integer' || f.type === 'number' ? Number(v) : v.trim());

/**
 * Confirm after filling in what the action asks for (a reason to decline, a planned date): each field required and
 * asked as its type says (a date by the date input, a figure as a number, text in a box), confirm in green, cancel in red.
 */
export function InputDialog({
  title,
  fields,
  onConfirm,
  onCancel,
}: {
  title: string;
  fields: AskedField[];
  onConfirm: (values: Record<string, string | number>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>({});
  const set = (name: string, v: string) => setValues((old) => ({ ...old, [name]: v }));
  // a date counts as filled in only once it is a day of the calendar
  const filled = (f: AskedField) =>
    f.format === 'date' ? parseDate(values[f.name] ?? '') !== null : (values[f.name] ?? '').trim() !== '';
  const complete = fields.every(filled);
  return (
    <Dialog labelledBy="input-title" onClose={onCancel}>
      <h2 id="input-title">{title}</h2>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          if (complete) onConfirm(Object.fromEntries(fields.map((f) => [f.name, answerOf(f, values[f.name])])));
        }}
      >
        {fields.map((f) => (
          // biome-ignore lint/a11y/noLabelWithoutControl: the control is inside, in DateInput for a date
          <label key={f.name} className="stack" style={{ gap: 'var(--space-1)' }}>
            {f.label}
            {f.format === 'date' ? (
              <DateInput id={`ask_${f.name}`} value={values[f.name]} required onChange={(v) => set(f.name, v ?? '')} />
            ) : f.type === 'integer' || f.type === 'number' ? (
              <input
                className="input"
                type="number"
                name={f.name}
                required
                value={values[f.name] ?? ''}
                onChange={(e) => set(f.name, e.target.value)}
              />
            ) : (
              <textarea
                className="input"
                name={f.name}
                rows={3}
                required
                value={values[f.name] ?? ''}
                onChange={(e) => set(f.name, e.target.value)}
              />
            )}
          </label>
        ))}
        <div className="row">
          <span className="spacer" />
          <button type="button" className="btn btn-danger" onClick={onCancel}>
            {t('shell.cancel')}
          </button>
          <button type="submit" className="btn btn-success" disabled={!complete}>
            {t('shell.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

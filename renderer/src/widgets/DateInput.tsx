import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '@rjsf/utils';
import { formatDate, parseDate } from '../format/formats.ts';

type DateInputProps = {
  id: string;
  /** the stored ISO day, or what was typed that is no day (left for the validation to name) */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  disabled?: boolean;
  required?: boolean;
  invalid?: boolean;
};

/**
 * A date as the app writes it (day first, in the language's way, through formatDate: 25/11/2026, 25.11.2026,
 * ২৫/১১/২০২৬), typed so (parseDate also reads slashes, dots, dashes, Bengali digits and ISO) or picked from a calendar,
 * stored as the ISO day. The browser's own date box would show its locale's order (mm/dd/yyyy in English), which is
 * not the spec's; the calendar is the browser's, opened from the button over a hidden native date box.
 */
export function DateInput({ id, value, onChange, disabled, required, invalid }: DateInputProps) {
  const { t, i18n } = useTranslation();
  const shown = (v: string | undefined) => (v && parseDate(v) ? formatDate(parseDate(v)!) : (v ?? ''));
  const [text, setText] = useState(shown(value));
  const picker = useRef<HTMLInputElement>(null);
  // follow a value set from outside (a record loaded, a day picked) without undoing what is being typed
  useEffect(() => {
    if ((parseDate(text) ?? (text || undefined)) !== (value || undefined)) setText(shown(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  // another language writes the date its own way (25.11.2026 in German)
  useEffect(() => {
    setText(shown(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n.language]);
  const iso = value ? parseDate(value) : null;
  return (
    <span className="date-input">
      <input
        id={id}
        name={id}
        className="form-control input"
        inputMode="numeric"
        placeholder={t('shell.datePlaceholder')}
        aria-invalid={invalid || undefined}
        required={required}
        disabled={disabled}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const typed = e.target.value.trim();
          onChange(typed === '' ? undefined : (parseDate(typed) ?? typed));
        }}
        onBlur={() => iso && setText(formatDate(iso))}
      />
      <button
        type="button"
        className="btn date-input-pick"
        aria-label={t('shell.pickDate')}
        title={t('shell.pickDate')}
        disabled={disabled}
        onClick={() => picker.current?.showPicker?.()}
      >
        {/* a drawn calendar: an emoji may be missing from the user's fonts */}
        <svg
          width="16"
          height="16"
          viewBox="0 0 16 16"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <rect x="1.5" y="2.5" width="13" height="12" rx="1.5" />
          <path d="M1.5 6.5h13M5 1v3M11 1v3" />
        </svg>
      </button>
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        className="date-input-native"
        value={iso ?? ''}
        onChange={(e) => {
          const picked = e.target.value || undefined;
          setText(picked ? formatDate(picked) : '');
          onChange(picked);
        }}
      />
    </span>
  );
}

/** The form's widget for every `format: date` field (rjsf's DateWidget replaced). */
export function DateWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, required, rawErrors } = props;
  return (
    <DateInput
      id={id}
      value={value as string | undefined}
      onChange={(v) => onChange(v)}
      disabled={disabled || readonly}
      required={required}
      invalid={Boolean(rawErrors?.length)}
    />
  );
}

import { useLayoutEffect, useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatAmountInput, parseAmount } from '../format/formats.ts';

/**
 * An amount (`x-money`) as the lists and reports show it, two decimals and thousands separators in the user's language
 * (1,234,567.50; 1.234.567,50; ১২,৩৪,৫৬৭.৫০), and while it is being edited without the separators (1234567,5), read
 * back as the language types it. What is no amount stays as typed, for the form's validation to name.
 */
export function MoneyWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors } = props;
  // drawn again in another language, which writes amounts its own way
  useTranslation();
  // what is typed while the field has the focus; null: it has not, and the amount is shown formatted
  const [typed, setTyped] = useState<string | null>(null);
  // the amount put in plain for editing is selected whole, so that what is typed next replaces it (as it would have
  // replaced the formatted amount the click selected)
  const input = useRef<HTMLInputElement>(null);
  const selectWhole = useRef(false);
  useLayoutEffect(() => {
    if (!selectWhole.current) return;
    selectWhole.current = false;
    input.current?.select();
  }, [typed]);
  const amount = typeof value === 'number' && Number.isFinite(value) ? value : null;
  const shown = typed ?? (amount === null ? (value ?? '') : formatAmount(amount));
  return (
    <input
      ref={input}
      id={id}
      name={id}
      className="form-control input money-input"
      inputMode="decimal"
      value={String(shown)}
      disabled={disabled}
      readOnly={readonly}
      required={required}
      aria-invalid={Boolean(rawErrors?.length) || undefined}
      onFocus={() => {
        if (readonly) return;
        selectWhole.current = true;
        setTyped(amount === null ? String(value ?? '') : formatAmountInput(amount));
        onFocus(id, value);
      }}
      onChange={(e) => {
        setTyped(e.target.value);
        const text = e.target.value.trim();
        onChange(text === '' ? undefined : (parseAmount(text) ?? text));
      }}
      onBlur={() => {
        setTyped(null);
        onBlur(id, value);
      }}
    />
  );
}

import { useEffect, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { get } from '../api/api-client.ts';
import { succeeded } from '../api/envelope.ts';
import { useMeta } from '../meta/meta-context.tsx';
import type { ChoicesFrom } from '../../../contract/meta-reply.ts';
import { displayValue } from '../format/field-display.ts';

/** How many records a choice is drawn from: a plan's months are twelve. */
const DRAWN_FROM = 500;

/**
 * A report filter that offers, as a choice, the values one field of another entity's records holds (`x-choicesFrom`):
 * the months of the annual plan chosen beside it, each named as a person names it ("November 2026"), instead of a box
 * to type "2026-11" into. Until the filters it matches are chosen it offers nothing.
 */
export function ChoicesFromWidget(props: WidgetProps) {
  const { id, value, onChange, required, disabled, readonly, options } = props;
  const from = options.from as ChoicesFrom;
  const { t } = useTranslation();
  const meta = useMeta();
  const source = meta.entities.find((e) => e.name === from.entity);
  const formData = (props.registry.formContext as { formData?: Record<string, unknown> } | undefined)?.formData ?? {};
  const match = Object.entries(from.match ?? {}).map(([field, parameter]) => [field, formData[parameter]] as const);
  const ready = match.every(([, v]) => v !== undefined && v !== null && v !== '');
  const key = JSON.stringify(match);
  const [choices, setChoices] = useState<string[]>([]);
  useEffect(() => {
    setChoices([]);
    if (!source || !ready) return;
    let live = true;
    void get(source.name, { ...Object.fromEntries(match), sort: from.field, limit: DRAWN_FROM }).then((r) => {
      if (!live || !succeeded(r)) return;
      const rows = r.data[source.dataKeys.list] as Record<string, unknown>[];
      setChoices(
        [...new Set(rows.map((row) => row[from.field]).filter((v) => v !== null && v !== undefined))].map(String),
      );
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, ready, key, from.field]);
  const field = source?.schema.properties[from.field] ?? { type: 'string' as const };
  const label = (v: string) => displayValue(t, from.field, field, v) ?? v;
  // a value chosen before (a bookmarked report) stays shown even when the records offered no longer hold it
  const shown = value && !choices.includes(String(value)) ? [String(value), ...choices] : choices;
  return (
    <select
      id={id}
      className="input"
      value={value ?? ''}
      required={required}
      disabled={disabled || readonly || !ready}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
    >
      <option value="">{t('shell.choose')}</option>
      {shown.map((v) => (
        <option key={v} value={v}>
          {label(v)}
        </option>
      ))}
    </select>
  );
}

import { useEffect, useMemo, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { get } from '../api/api-client.ts';
import { succeeded } from '../api/envelope.ts';
import { useMeta } from '../meta/meta-context.tsx';
import { recordTitle } from '../meta/record-title.ts';
import { refMatchQuery } from './ref-match.ts';

interface Option {
  id: number;
  title: string;
}

/**
 * A reference field as a searchable select over the referenced entity. When that entity itself belongs to a parent
 * the form also names (a department's business unit), only the children of the chosen parent are offered.
 */
export function ReferenceWidget(props: WidgetProps) {
  const { id, value, onChange, required, disabled, readonly, options } = props;
  const formContext = props.registry.formContext;
  const { t } = useTranslation();
  const meta = useMeta();
  const target = meta.entities.find((e) => e.name === options.entity);
  const formData = (formContext as { formData?: Record<string, unknown> } | undefined)?.formData ?? {};
  const parent = useMemo(() => {
    if (!target) return undefined;
    // the target's reference that the form also has: filter by it
    for (const [name, f] of Object.entries(target.schema.properties)) {
      if (!f['x-ref'] || !target.list.filters.includes(name)) continue;
      const formField = Object.entries((formContext as { properties?: Record<string, { 'x-ref'?: string }> })?.properties ?? {}).find(([, ff]) => ff['x-ref'] === f['x-ref'])?.[0];
      if (formField && formData[formField] != null) return { filter: name, value: formData[formField] as number };
    }
    return undefined;
  }, [target, formContext, formData]);
  const [q, setQ] = useState('');
  const [items, setItems] = useState<Option[]>([]);
  const [current, setCurrent] = useState<Option | null>(null);
  useEffect(() => {
    if (!target) return;
    const handle = setTimeout(async () => {
      const query: Record<string, string | number | undefined> = { limit: 50, q: target.list.search.length ? q : undefined };
      if (parent) query[parent.filter] = parent.value;
      // a reference that must match the record (a risk's category of the risk's kind) offers only those that do
      Object.assign(query, refMatchQuery(props.schema as { 'x-refMatch'?: Record<string, string> }, formData));
      const r = await get(target.name, query);
      if (succeeded(r)) setItems(r.data[target.dataKeys.list].map((row: Record<string, unknown>) => ({ id: row.id as number, title: recordTitle(t, target, row) })));
    }, 200);
    return () => clearTimeout(handle);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, q, parent, t, JSON.stringify(refMatchQuery(props.schema as { 'x-refMatch'?: Record<string, string> }, formData))]);
  useEffect(() => {
    if (!target || value == null) return setCurrent(null);
    get(`${target.name}/${value}`).then((r) => succeeded(r) && setCurrent({ id: value, title: recordTitle(t, target, r.data[target.dataKeys.item]) }));
  }, [target, value, t]);
  const choices = current && !items.some((i) => i.id === current.id) ? [current, ...items] : items;
  return (
    <div className="row" style={{ flexWrap: 'nowrap' }}>
      {target?.list.search.length ? (
        <input className="input" style={{ maxWidth: 180 }} aria-label={t('shell.search')} placeholder={t('shell.search')} value={q} onChange={(e) => setQ(e.target.value)} disabled={disabled || readonly} />
      ) : null}
      <select
        id={id}
        className="input"
        value={value ?? ''}
        required={required}
        disabled={disabled || readonly}
        onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
      >
        <option value="">{t('shell.choose')}</option>
        {choices.map((o) => (
          <option key={o.id} value={o.id}>{o.title}</option>
        ))}
      </select>
    </div>
  );
}

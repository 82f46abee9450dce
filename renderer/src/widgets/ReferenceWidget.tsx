import { useEffect, useMemo, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { get } from '../api/api-client.ts';
import { succeeded } from '../api/envelope.ts';
import { useMeta } from '../meta/meta-context.tsx';
import { parentFilter } from './reference-parent.ts';
import { optionLabel } from '../meta/labels.ts';
import { referenceTitles } from './reference-titles.ts';
import { recordTitle } from '../meta/record-title.ts';
import { matchWithExcept, useRefMatchQuery, type RefExcept } from './ref-match.ts';
import { formatInteger } from '../format/formats.ts';
import { displayValue } from '../format/field-display.ts';

/** How many records a select offers at once; past that the user narrows them by typing (the list's `?q=`). */
const OFFERED = 50;

interface Option {
  id: number;
  title: string;
}

/**
 * A reference field as a searchable select over the referenced entity. When that entity's records belong to a parent
 * the form also names (a department's business unit), only the children of the chosen parent are offered
 * (`parentFilter`); other references the form shares with it narrow nothing.
 */
export function ReferenceWidget(props: WidgetProps) {
  const { id, name, value, onChange, required, disabled, readonly, options } = props;
  const formContext = props.registry.formContext;
  const { t } = useTranslation();
  const meta = useMeta();
  const target = meta.entities.find((e) => e.name === options.entity);
  const formData = (formContext as { formData?: Record<string, unknown> } | undefined)?.formData ?? {};
  const properties =
    (formContext as { properties?: Record<string, { 'x-ref'?: string }> } | undefined)?.properties ?? {};
  // the record as stored: the title of what its reference names came with it (`_titles`), readable or not to the caller
  const stored = (formContext as { record?: Record<string, unknown> | null } | undefined)?.record;
  const storedTitle =
    stored && stored[name] === value ? (stored._titles as Record<string, string> | undefined)?.[name] : undefined;
  const parent = useMemo(
    () => (target ? parentFilter(target, properties, formData, meta.entities) : undefined),
    [target, properties, formData, meta.entities],
  );
  const [parentField, parentValue] = [parent?.filter, parent?.value];
  // the records the form must match (x-refMatch), and the one a rule of the server leaves out (x-refExcept)
  const refSchema = props.schema as { 'x-refMatch'?: Record<string, string>; 'x-refExcept'?: RefExcept };
  const match = matchWithExcept(refSchema['x-refMatch'], refSchema['x-refExcept'], formData);
  const { query: matchQuery, pending: matchPending } = useRefMatchQuery(
    { 'x-refMatch': match },
    formData,
    properties,
    meta.entities,
  );
  const [q, setQ] = useState('');
  const [items, setItems] = useState<Option[]>([]);
  // how many records match (the select offers the first OFFERED): more than shown asks the user to narrow by typing
  const [total, setTotal] = useState<{ count: number; capped: boolean } | null>(null);
  const [current, setCurrent] = useState<Option | null>(null);
  useEffect(() => {
    if (!target || matchPending) return;
    const handle = setTimeout(async () => {
      const query: Record<string, string | number | undefined> = {
        limit: OFFERED,
        q: target.list.search.length && q ? q : undefined,
      };
      if (parentField) query[parentField] = parentValue;
      // on an add form, only the employees the caller may add the record for (themselves, their reports)
      if (typeof options.pickableFor === 'string') query.pickableFor = options.pickableFor;
      // a reference that must match the record (a risk's category of the risk's kind) offers only those that do
      Object.assign(query, matchQuery);
      const r = await get(target.name, query);
      if (!succeeded(r)) return;
      // titles as a person reads them (a module's label translated), and records of one title (a corporate scorecard
      // and its cascaded copy) told apart by a column of the list
      const rows = (r.data[target.dataKeys.list] as Record<string, unknown>[]).map((row) => ({
        ...row,
        [target.titleField]: recordTitle(t, target, row),
      }));
      const plain = (c: string) => Boolean(target.schema.properties[c]) && !target.schema.properties[c]['x-ref'];
      const titles = referenceTitles(rows, target.titleField, target.list.columns, plain, (v) => optionLabel(t, v));
      setItems(rows.map((row, i) => ({ id: row.id as number, title: titles[i] })));
      setTotal(typeof r.data.total === 'number' ? { count: r.data.total, capped: r.data.totalCapped === true } : null);
    }, 200);
    return () => clearTimeout(handle);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, q, parentField, parentValue, t, JSON.stringify(matchQuery), matchPending, options.pickableFor]);
  useEffect(() => {
    if (value == null) return setCurrent(null);
    // the stored record's own reference: its title as the server sent it with the record, a stored label key in the
    // user's language (a record the caller may not list, or of an entity it may not list at all, shows its name too)
    if (storedTitle !== undefined)
      return setCurrent({
        id: value,
        title:
          displayValue(t, name, { type: 'string' }, storedTitle) ??
          (target ? recordTitle(t, target, { [target.titleField]: storedTitle }) : storedTitle),
      });
    if (!target) return setCurrent({ id: value, title: t('shell.forbiddenTitle') });
    // asked of the list, which leaves out a record the caller may not read (a draft corporate scorecard a project
    // names) instead of refusing: the choice then says so rather than showing a bare id
    get(target.name, { 'id[in]': value, limit: 1 }).then((r) => {
      if (!succeeded(r)) return;
      const [row] = r.data[target.dataKeys.list] as Record<string, unknown>[];
      setCurrent({ id: value, title: row ? recordTitle(t, target, row) : t('shell.forbiddenTitle') });
    });
  }, [target, value, t, storedTitle, name]);
  const choices = current && !items.some((i) => i.id === current.id) ? [current, ...items] : items;
  // nothing of the referenced entity can be listed by the caller: the value stands as it is, it cannot be changed here
  const unlistable = !target && value != null;
  // a field that cannot be changed offers no search: a greyed box beside a greyed select only says "type here"
  const editable = !disabled && !readonly;
  const searchable = editable && Boolean(target?.list.search.length);
  const more = editable && total !== null && total.count > items.length;
  return (
    <div className="stack" style={{ gap: 'var(--space-1)' }}>
      <div className="row" style={{ flexWrap: 'nowrap' }}>
        {searchable ? (
          <input
            className="input"
            style={{ maxWidth: 180 }}
            aria-label={t('shell.search')}
            placeholder={t('shell.search')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        ) : null}
        <select
          id={id}
          className="input"
          value={value ?? ''}
          required={required}
          disabled={disabled || readonly || unlistable}
          data-unlistable={unlistable || undefined}
          onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        >
          <option value="">{t('shell.choose')}</option>
          {choices.map((o) => (
            <option key={o.id} value={o.id}>
              {o.title}
            </option>
          ))}
        </select>
      </div>
      {more && (
        <span className="muted" data-testid="reference-more" style={{ fontSize: 'var(--text-sm)' }}>
          {t(searchable ? 'shell.referenceMoreSearch' : 'shell.referenceMore', {
            shown: formatInteger(items.length),
            total: `${total!.capped ? '≥ ' : ''}${formatInteger(total!.count)}`,
          })}
        </span>
      )}
    </div>
  );
}

import { useEffect, useMemo, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { get } from '../api/api-client.ts';
import { succeeded } from '../api/envelope.ts';
import { useMeta } from '../meta/meta-context.tsx';
import { parentFilter } from './reference-parent.ts';
import { optionLabel } from '../meta/labels.ts';
import { referenceTitles } from './reference-titles.ts';
import { recordTitle, rowTitle } from '../meta/record-title.ts';
import { recordSummary } from '../meta/record-summary.ts';
import type { EntityMeta } from '../meta/meta-types.ts';
import type { TFunction } from 'i18next';
import { matchWithExcept, useRefMatchQuery, type RefExcept } from './ref-match.ts';
import { formatInteger } from '../format/formats.ts';
import { displayValue } from '../format/field-display.ts';
import { Combobox } from './Combobox.tsx';
import { screensOf } from '../screens/entity-screens.ts';

/** How many records a select offers at once; past that the user narrows them by typing (the list's `?q=`). */
const OFFERED = 50;

/** Where an option's title is put on its row, beside the row's own fields (an entity without a title field has only `id`). */
const TITLE = '_optionTitle';

/**
 * What names an offered record: its title, or for an entity without a title field (a QA member) the title of what its
 * first list column names, else its first list columns (a period: "November 2026 · 01/11/2026"), never its bare id.
 */
const nameOf = (t: TFunction, target: EntityMeta, row: Record<string, unknown>): string =>
  target.titleField !== 'id'
    ? recordTitle(t, target, row)
    : rowTitle(t, target, row) !== String(row.id)
      ? rowTitle(t, target, row)
      : (recordSummary(t, target, row) ?? String(row.id));

interface Option {
  id: number;
  title: string;
}

/**
 * A reference field as one searchable field over the referenced entity's titles (`Combobox`): typing asks the server's
 * list (`?q=`) for the first OFFERED records that match. When that entity's records belong to a parent
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
  // what is typed in the field; null until its list is first opened (a form of ten references reads no list it is not asked for)
  const [q, setQ] = useState<string | null>(null);
  const [items, setItems] = useState<Option[]>([]);
  // the query the options were read for: until it is the one asked, the list says it is being read
  const [readFor, setReadFor] = useState<string | null>(null);
  // how many records match (the list offers the first OFFERED): more than shown asks the user to narrow by typing
  const [total, setTotal] = useState<{ count: number; capped: boolean } | null>(null);
  const [current, setCurrent] = useState<Option | null>(null);
  // an entity without search fields is filtered here, among the records read once
  const searchable = Boolean(target?.list.search.length);
  const asked = q === null ? null : searchable ? q : '';
  const askedKey = JSON.stringify([asked, parentValue, matchQuery, options.pickableFor]);
  useEffect(() => {
    if (!target || matchPending || asked === null) return;
    let live = true;
    const handle = setTimeout(async () => {
      const query: Record<string, string | number | undefined> = { limit: OFFERED, q: asked || undefined };
      if (parentField) query[parentField] = parentValue;
      // on an add form, only the employees the caller may add the record for (themselves, their reports)
      if (typeof options.pickableFor === 'string') query.pickableFor = options.pickableFor;
      // a reference that must match the record (a risk's category of the risk's kind) offers only those that do
      Object.assign(query, matchQuery);
      const r = await get(target.name, query);
      if (!live) return;
      setReadFor(askedKey);
      if (!succeeded(r)) return;
      // titles as a person reads them (a module's label translated), and records of one title (a corporate scorecard
      // and its cascaded copy) told apart by a column of the list
      const rows = (r.data[target.dataKeys.list] as Record<string, unknown>[]).map(
        (row): Record<string, unknown> => ({ ...row, [TITLE]: nameOf(t, target, row) }),
      );
      const plain = (c: string) => Boolean(target.schema.properties[c]) && !target.schema.properties[c]['x-ref'];
      const titles = referenceTitles(rows, TITLE, target.list.columns, plain, (v) => optionLabel(t, v));
      setItems(rows.map((row, i) => ({ id: row.id as number, title: titles[i] })));
      setTotal(typeof r.data.total === 'number' ? { count: r.data.total, capped: r.data.totalCapped === true } : null);
    }, 200);
    return () => {
      live = false;
      clearTimeout(handle);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, asked, parentField, parentValue, t, JSON.stringify(matchQuery), matchPending, options.pickableFor]);
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
    // a record just chosen from the list: its title is known
    const offered = items.find((i) => i.id === value);
    if (offered) return setCurrent(offered);
    // asked of the list, which leaves out a record the caller may not read (a draft corporate scorecard a project
    // names) instead of refusing: the choice then says so rather than showing a bare id
    get(target.name, { 'id[in]': value, limit: 1 }).then((r) => {
      if (!succeeded(r)) return;
      const [row] = r.data[target.dataKeys.list] as Record<string, unknown>[];
      setCurrent({ id: value, title: row ? nameOf(t, target, row) : t('shell.forbiddenTitle') });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, value, t, storedTitle, name]);
  const typed = (q ?? '').toLocaleLowerCase();
  const offered = searchable || !typed ? items : items.filter((i) => i.title.toLocaleLowerCase().includes(typed));
  // nothing of the referenced entity can be listed by the caller: the value stands as it is, it cannot be changed here
  const unlistable = !target && value != null;
  const editable = !disabled && !readonly && !unlistable;
  const more = total !== null && total.count > items.length;
  // where a record of the referenced entity is added, for a caller who may add one (a third party, from a contract's
  // form): in a new tab, so that the form being filled in stays as it is
  const adding = target?.can.add ? screensOf(meta, target.name).add : undefined;
  const addAction =
    adding && editable && !adding.path.includes(':') ? (
      <a href={adding.path} target="_blank" rel="noopener" data-testid="reference-add">
        {t('shell.addWhat', { what: t(target!.label) })}
      </a>
    ) : undefined;
  return (
    <div data-unlistable={unlistable || undefined}>
      <Combobox
        id={id}
        label={props.label || name}
        value={value ?? null}
        chosenTitle={value == null ? '' : (current?.title ?? '')}
        options={offered}
        onQuery={setQ}
        onChoose={(v) => onChange(v)}
        disabled={!editable}
        required={required}
        invalid={Boolean(props.rawErrors?.length)}
        busy={asked !== null && readFor !== askedKey}
        addAction={addAction}
        note={
          more ? (
            <span data-testid="reference-more">
              {t(searchable ? 'shell.referenceMoreSearch' : 'shell.referenceMore', {
                shown: formatInteger(items.length),
                total: `${total!.capped ? '≥ ' : ''}${formatInteger(total!.count)}`,
              })}
            </span>
          ) : undefined
        }
      />
    </div>
  );
}

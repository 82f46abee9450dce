import { useEffect, useState } from 'react';
import { get } from '../api/api-client.ts';
import { succeeded } from '../api/envelope.ts';
import type { EntityMeta } from '../meta/meta-types.ts';

type Match = Record<string, string>;

/** A record a select leaves out (`x-refExcept`), unless the form's fields hold one of the listed values. */
export interface RefExcept {
  field: string;
  equals: string;
  unless?: Record<string, readonly (string | number)[]>;
}

/**
 * The filters of `x-refMatch` with the record `x-refExcept` leaves out as one more (`id[ne]` the reviewed employee's
 * id: a 360 reviewer is anyone but the reviewed employee), while the form holds none of the values its `unless` lists.
 */
export function matchWithExcept(
  match: Match | undefined,
  except: RefExcept | undefined,
  formData: Record<string, unknown>,
): Match {
  const excused =
    !except ||
    Object.entries(except.unless ?? {}).some(([f, values]) => values.includes(formData[f] as string | number));
  return excused ? { ...match } : { ...match, [`${except.field}[ne]`]: except.equals };
}

/**
 * The list filters that keep a reference select to the records matching the form (`x-refMatch`: a risk category of
 * the risk's kind, a pillar's perspective of its plan): each of the referenced entity's fields set to the form's value,
 * once the form has one. A value named through another reference (`pillarId.strategicPlanId`: the plan of the chosen
 * pillar) is read from that record, as the server judges it, before any hook has stored it on this one.
 */
export function useRefMatchQuery(
  schema: { 'x-refMatch'?: Match } | undefined,
  formData: Record<string, unknown>,
  properties: Readonly<Record<string, { 'x-ref'?: string }>>,
  entities: readonly EntityMeta[],
): { query: Record<string, string | number>; pending: boolean } {
  const match = schema?.['x-refMatch'] ?? {};
  const through = Object.values(match).filter((o) => o.includes('.'));
  // the records named through: their ids as the form holds them now
  const key = through.map((o) => `${o}=${String(formData[o.split('.')[0]] ?? '')}`).join('&');
  const [reached, setReached] = useState<{ key: string; values: Record<string, string | number> }>({
    key: '',
    values: {},
  });
  useEffect(() => {
    let live = true;
    Promise.all(
      through.map(async (o) => {
        const [ref, field] = o.split('.');
        const id = formData[ref];
        const entity = entities.find((e) => e.name === properties[ref]?.['x-ref']);
        if ((typeof id !== 'number' && typeof id !== 'string') || id === '' || !entity) return [o, undefined] as const;
        const r = await get(entity.name, { 'id[in]': id, limit: 1 });
        const row = succeeded(r) ? (r.data[entity.dataKeys.list] as Record<string, unknown>[])[0] : undefined;
        const v = row?.[field];
        return [o, typeof v === 'string' || typeof v === 'number' ? v : undefined] as const;
      }),
    ).then((pairs) => {
      if (live)
        setReached({
          key,
          values: Object.fromEntries(pairs.filter(([, v]) => v !== undefined)) as Record<string, string | number>,
        });
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, entities]);
  const out: Record<string, string | number> = {};
  for (const [theirs, ours] of Object.entries(match)) {
    const v = ours.includes('.') ? reached.values[ours] : formData[ours];
    if (typeof v === 'string' || typeof v === 'number') out[theirs] = v;
  }
  // until the records named through are read, the options would be every record's: the select waits for them
  return { query: out, pending: through.length > 0 && reached.key !== key };
}

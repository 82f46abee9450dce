import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { get } from '../api/api-client.ts';
import { succeeded } from '../api/envelope.ts';
import { formatInteger } from '../format/formats.ts';
import { useMeta } from '../meta/meta-context.tsx';
import type { Meta, ScreenMeta } from '../meta/meta-types.ts';
import { listFixedQuery } from './list-query.ts';
import { screenTitle } from './screen-title.ts';

/** How many records a list screen shows, asked as the list asks its first page (its preset, owner and source). */
async function countOf(meta: Meta, s: ScreenMeta): Promise<number | undefined> {
  const entity = meta.entities.find((e) => e.name === s.entity);
  if (s.kind !== 'list' || !entity) return undefined;
  const source = s.source ? entity.commands.find((c) => c.name === s.source) : undefined;
  const fixed = listFixedQuery(s, entity, s.path, new URLSearchParams());
  const query = { ...Object.fromEntries(Object.entries(fixed).map(([k, v]) => [k, String(v)])), limit: 1 };
  const r = await get(source ? `${entity.name}/${source.name}` : entity.name, query);
  if (!succeeded(r)) return undefined;
  const page = source ? r.data[source.dataKey] : r.data;
  return typeof page?.total === 'number' ? page.total : undefined;
}

/** A group of a module home: a tile per screen that opens it, a list's tile with how many records it holds. */
export function HomeGroup({ screens }: { screens: readonly ScreenMeta[] }) {
  const { t } = useTranslation();
  const meta = useMeta();
  const [counts, setCounts] = useState<Record<string, number>>({});
  useEffect(() => {
    let live = true;
    for (const s of screens)
      void countOf(meta, s).then((n) => live && n !== undefined && setCounts((c) => ({ ...c, [s.path]: n })));
    return () => {
      live = false;
    };
  }, [meta, screens]);
  return (
    <div className="tiles" data-screen="home-group" data-testid="home-group">
      {screens.map((s) => (
        <Link key={s.path} to={s.path} className="card tile">
          {s.kind === 'list' && <strong>{counts[s.path] === undefined ? '…' : formatInteger(counts[s.path]!)}</strong>}
          <span>{t(screenTitle(meta, s))}</span>
        </Link>
      ))}
    </div>
  );
}

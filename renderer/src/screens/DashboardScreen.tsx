import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { get } from '../api/api-client.ts';
import { succeeded } from '../api/envelope.ts';
import { formatInteger } from '../format/formats.ts';
import { useMeta } from '../meta/meta-context.tsx';
import { useSession } from '../session/use-session.ts';

/** Tiles: how many records each list the user can open holds, with a link to it. */
export default function DashboardScreen() {
  const { t } = useTranslation();
  const meta = useMeta();
  const user = useSession();
  const lists = meta.modules
    .flatMap((m) => m.screens)
    .filter(
      (s, i, all) =>
        s.kind === 'list' && s.entity && all.findIndex((x) => x.entity === s.entity && x.kind === 'list') === i,
    )
    .slice(0, 12);
  const [counts, setCounts] = useState<Record<string, number>>({});
  useEffect(() => {
    for (const s of lists) {
      const entity = meta.entities.find((e) => e.name === s.entity);
      if (!entity) continue;
      get(entity.name, { limit: 1 }).then((r) => succeeded(r) && setCounts((c) => ({ ...c, [s.path]: r.data.total })));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [meta]);
  return (
    <section data-screen="dashboard">
      {/* the holder's account is named for its role ("Platform Administrator"): greeted by the whole name, not "Platform" */}
      <h1>
        {t('shell.welcome', {
          name:
            user?.role === 'holder'
              ? [user.firstName, user.lastName].filter(Boolean).join(' ')
              : (user?.firstName ?? ''),
        })}
      </h1>
      <div className="tiles">
        {lists.map((s) => {
          const entity = meta.entities.find((e) => e.name === s.entity);
          if (!entity) return null;
          return (
            <Link key={s.path} to={s.path} className="card tile">
              <strong>{counts[s.path] === undefined ? '…' : formatInteger(counts[s.path])}</strong>
              <span>{t(s.label ?? entity.label)}</span>
            </Link>
          );
        })}
      </div>
    </section>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { get } from '../api/api-client.ts';
import { succeeded } from '../api/envelope.ts';
import { useMeta } from '../meta/meta-context.tsx';
import { recordTitle, referenceTitle } from '../meta/record-title.ts';
import { screensOf } from '../screens/entity-screens.ts';
import { cameFrom } from '../screens/came-from.ts';
import type { PanelProps } from './custom-panels.ts';

type Row = Record<string, any>;

/**
 * The people of the team a record names (a resolution's team), under its form, to read: the team is a record of its
 * own, shared by several resolutions, so its members are listed here and changed on the team, which the panel opens.
 * The team is the first reference of the record to an entity whose records hold people as a child list (a member list
 * whose rows name an employee), other than its parent's (the committee it was taken by, whose page lists its members).
 */
export default function ReferencedTeam({ entity, record }: PanelProps) {
  const { t } = useTranslation();
  const meta = useMeta();
  const { pathname, search, state } = useLocation();
  const team = Object.entries(entity.schema.properties)
    .map(([field, f]) => {
      const target = f['x-ref'] ? meta.entities.find((e) => e.name === f['x-ref']) : undefined;
      // the record's parent (a resolution's committee, which lists it among its children) is a team of its own page
      if (target?.children.some((c) => c.entity === entity.name && c.via === field)) return undefined;
      const members = target?.children.find((c) =>
        Object.values(meta.entities.find((e) => e.name === c.entity)?.schema.properties ?? {}).some(
          (p) => p['x-ref'] === 'employee',
        ),
      );
      return target && members ? { field, target, members } : undefined;
    })
    .find((x) => x !== undefined);
  const teamId = team ? (record[team.field] as number | null | undefined) : undefined;
  const [shown, setShown] = useState<Row | null>(null);
  useEffect(() => {
    if (!team || typeof teamId !== 'number') return;
    let live = true;
    void get(`${team.target.name}/${teamId}`).then((r) => {
      if (live && succeeded(r)) setShown(r.data[team.target.dataKeys.item] as Row);
    });
    return () => {
      live = false;
    };
    // read again when the record names another team
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [team?.target.name, teamId]);
  if (!team || typeof teamId !== 'number' || !shown || shown.id !== teamId) return null;
  const memberEntity = meta.entities.find((e) => e.name === team.members.entity)!;
  const person = Object.entries(memberEntity.schema.properties).find(([, p]) => p['x-ref'] === 'employee')![0];
  const rows: Row[] = shown[team.members.key] ?? [];
  const edit = screensOf(meta, team.target.name).edit;
  const name = recordTitle(t, team.target, shown);
  return (
    <div className="card section-line" data-testid="referenced-team">
      <div className="row">
        <h2>{t('shell.teamMembers', { team: name })}</h2>
        {rows.length === 0 && <span className="muted">{t('shell.teamNoMembers')}</span>}
        <span className="spacer" />
        {edit && !edit.path.includes(':') && (
          <Link to={`${edit.path}?id=${teamId}`} state={cameFrom(pathname, search, state)}>
            {t('shell.openTeam')}
          </Link>
        )}
      </div>
      {rows.length > 0 && (
        <ul data-testid="referenced-team-members">
          {rows.map((r) => (
            <li key={r.id}>{referenceTitle(t, r, person) ?? String(r[person])}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { get, post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { useMeta } from '../meta/meta-context.tsx';
import { recordTitle } from '../meta/record-title.ts';
import { CASCADE_TARGETS, cascadeScope, type CascadeTarget } from '../../../engine/hooks/performance/cascade-scope.ts';

type Row = Record<string, any>;
/** What each level's targets are read from (the entity's list, and the title its list's failure bears) and the label of one. */
const LEVELS: Record<CascadeTarget['level'], { entity: string; label: string; failure: string }> = {
  'business-unit': { entity: 'business-unit', label: 'entity.businessUnit', failure: 'error.getBusinessUnit' },
  department: { entity: 'department', label: 'entity.department', failure: 'error.getDepartment' },
  division: { entity: 'division', label: 'entity.division', failure: 'error.getDivision' },
  section: { entity: 'section', label: 'entity.section', failure: 'error.getSection' },
  'sub-section': { entity: 'sub-section', label: 'entity.subSection', failure: 'error.getSubSection' },
  'sub-sub-section': { entity: 'sub-sub-section', label: 'entity.subSubSection', failure: 'error.getSubSubSection' },
  employee: { entity: 'employee', label: 'entity.employee', failure: 'error.getEmployees' },
};

/**
 * Cascading a scorecard (a module admin's `cascade`): the level first (one of the organisation's six, business unit to
 * sub-sub-section, or employee), then the target by its title, among only those the scorecard may go to (cascadeScope:
 * a unit's scorecard to the units directly under it and its own employees). What was made is said with a link to each new scorecard, opened in this same editor.
 */
export function ScorecardCascade({ record }: { record: Row }) {
  const { t } = useTranslation();
  const meta = useMeta();
  const { pathname } = useLocation();
  const { loading, run } = useCall();
  const scope = cascadeScope(record);
  // an employee first: the step every plan takes, whichever scorecard it starts from
  const [level, setLevel] = useState<CascadeTarget['level']>(scope.targets[scope.targets.length - 1].level);
  const [options, setOptions] = useState<{ id: number; title: string }[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [made, setMade] = useState<{ id: number; target: string }[] | null>(null);
  // the scorecards cascaded from this one so far: where a unit's scorecard is found again after the cascade
  const [earlier, setEarlier] = useState<{ id: number; target: string }[]>([]);
  const target = scope.targets.find((x) => x.level === level)!;
  const scorecards = meta.entities.find((e) => e.name === 'performance-scorecard');
  const loadEarlier = () =>
    run('error.getCorporateScorecards', () =>
      get('performance-scorecard', { cascadedFromId: record.id, limit: 500 }),
    ).then((d) => {
      if (!d) return;
      setEarlier(
        ((d[scorecards?.dataKeys.list ?? 'list'] ?? []) as Row[]).map((s) => ({
          id: s.id,
          target: String(CASCADE_TARGETS.map((x) => s._titles?.[x.field]).find((v) => v) ?? s.name),
        })),
      );
    });
  // read again when another scorecard opens in the editor
  useEffect(() => {
    void loadEarlier();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record.id]);

  useEffect(() => {
    setOptions(null);
    setChosen('');
    const { entity: name, failure } = LEVELS[level];
    const entity = meta.entities.find((e) => e.name === name);
    const within = scope.within ? { [scope.within.field]: scope.within.id } : {};
    // units and people that are still active, where the level keeps a status (business units, employees)
    const active = entity?.list.filters.includes('status') ? { status: 'Active' } : {};
    let live = true;
    void run(failure, () => get(name, { ...within, ...active, limit: 500 })).then((d) => {
      if (!live || !d) return;
      setOptions(
        ((d[entity?.dataKeys.list ?? 'list'] ?? []) as Row[]).map((r) => ({
          id: r.id,
          title: entity ? recordTitle(t, entity, r) : String(r.fullName ?? r.name ?? r.id),
        })),
      );
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [level, scope.within?.field, scope.within?.id]);

  // what an earlier cascade made stays listed when a later one is refused: its links still open what it made
  const cascade = async () => {
    const d = await run('error.cascadeScorecard', () =>
      post('performance-scorecard/cascade', { id: record.id, [target.input]: [Number(chosen)] }),
    );
    if (!d) return;
    const title = new Map(options?.map((o) => [o.id, o.title]));
    setMade((d.list as Row[]).map((s) => ({ id: s.id, target: title.get(s[target.field]) ?? s.name })));
    void loadEarlier();
  };

  return (
    <div className="card" style={{ marginTop: 'var(--space-4)' }} data-testid="scorecard-cascade">
      <div className="toolbar">
        <label htmlFor="cascade-level">{t('scorecard.cascadeTo')}</label>
        <select
          id="cascade-level"
          className="input"
          style={{ maxWidth: 220 }}
          value={level}
          onChange={(e) => setLevel(e.target.value as CascadeTarget['level'])}
        >
          {scope.targets.map((x) => (
            <option key={x.level} value={x.level}>
              {t(LEVELS[x.level].label)}
            </option>
          ))}
        </select>
        <select
          id="cascade-to"
          className="input"
          style={{ maxWidth: 320 }}
          aria-label={t(LEVELS[level].label)}
          value={chosen}
          disabled={!options?.length}
          onChange={(e) => setChosen(e.target.value)}
        >
          <option value="">{t('shell.choose')}</option>
          {options?.map((o) => (
            <option key={o.id} value={o.id}>
              {o.title}
            </option>
          ))}
        </select>
        <button type="button" className="btn" disabled={!chosen || loading} onClick={cascade}>
          {t('scorecard.cascade')}
        </button>
      </div>
      {options?.length === 0 && (
        <p className="muted">{t('scorecard.noCascadeTargets', { level: t(LEVELS[level].label) })}</p>
      )}
      {made && (
        <div role="status" data-cascaded={made.length}>
          <p style={{ margin: 0 }}>{t('scorecard.cascaded', { count: made.length })}</p>
          <ul>
            {made.map((m) => (
              <li key={m.id}>
                {/* the new scorecard opens in this editor: the screen any scorecard of the list opens in */}
                <Link to={`${pathname}?id=${m.id}`}>{t('scorecard.openCascaded', { target: m.target })}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {earlier.length > 0 && (
        <div data-testid="cascaded-to">
          <p className="muted" style={{ margin: 0 }}>
            {t('scorecard.cascadedSoFar')}
          </p>
          <ul>
            {earlier.map((m) => (
              <li key={m.id}>
                <Link to={`${pathname}?id=${m.id}`}>{m.target}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { get } from '../api/api-client.ts';
import { succeeded } from '../api/envelope.ts';
import { useMeta } from '../meta/meta-context.tsx';
import { optionLabel } from '../meta/labels.ts';
import { CASCADE_TARGETS } from '../../../engine/hooks/performance/cascade-scope.ts';

type Row = Record<string, any>;
const LABELS: Record<string, string> = {
  businessUnitId: 'entity.businessUnit',
  departmentId: 'entity.department',
  divisionId: 'entity.division',
  sectionId: 'entity.section',
  subSectionId: 'entity.subSection',
  subSubSectionId: 'entity.subSubSection',
  employeeId: 'entity.employee',
};

/** Whose a scorecard is, by title ("Business unit: Sales"), from the titles its read came with. */
function whose(t: (k: string) => string, card: Row | undefined): string | null {
  const titles = (card?._titles ?? {}) as Record<string, string>;
  const field = CASCADE_TARGETS.map((x) => x.field).find((f) => titles[f]);
  return field ? `${t(LABELS[field])}: ${titles[field]}` : null;
}

/**
 * Whose a scorecard is and, for one cascaded, where it came from: the source's name (the copies keep it, so whose the
 * source is too, where the caller may read it) with a link to open it. An employee who may not read the unit's
 * scorecard still sees its name, which came with her own scorecard.
 */
export function ScorecardOrigin({ record }: { record: Row }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [source, setSource] = useState<Row | null>(null);
  const from = record.cascadedFromId as number | null;
  // the source is read only by a caller who may cascade (a module admin, who reads every scorecard): anyone else
  // would be refused it, a failed call on every visit, and has its name from the record already
  const readsSources = !!useMeta()
    .entities.find((e) => e.name === 'performance-scorecard')
    ?.commands.some((c) => c.name === 'cascade');
  useEffect(() => {
    if (!from || !readsSources) return;
    let live = true;
    void get(`performance-scorecard/${from}`).then((r) => {
      if (live && succeeded(r)) setSource(r.data.scorecard as Row);
    });
    return () => {
      live = false;
    };
  }, [from, readsSources]);
  const owner = whose(t, record);
  const sourceName = (record._titles as Record<string, string> | undefined)?.cascadedFromId;
  if (!owner && !from) return null;
  const sourceOwner = whose(t, source ?? undefined);
  return (
    <p className="muted" data-testid="scorecard-origin">
      {owner}
      {owner && from ? ' · ' : ''}
      {from && (
        <span data-cascaded-from={from}>
          {t('field.cascadedFrom')}:{' '}
          {source ? <Link to={`${pathname}?id=${from}`}>{source.name}</Link> : (sourceName ?? '')}
          {sourceOwner ? ` (${sourceOwner})` : source ? ` (${optionLabel(t, source.level)})` : ''}
        </span>
      )}
    </p>
  );
}

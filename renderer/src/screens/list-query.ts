import type { EntityMeta, ScreenMeta } from '../meta/meta-types.ts';
import { boundValues } from './screen-params.ts';

/**
 * The query every page of a list screen carries, whatever the user sorts or filters: the screen's preset and owner,
 * the list filters in the address (?businessUnitId=3 from a parent) and the values its route binds
 * (/audit-report/customer-satisfaction-survey/7 → auditReportId 7). The server answers "may add" for this query, so
 * whoever asks it (the list, a test) asks with it.
 */
export function listFixedQuery(
  screen: ScreenMeta,
  entity: EntityMeta,
  pathname: string,
  params: URLSearchParams,
): Record<string, unknown> {
  const bound = boundValues(screen, pathname, params);
  return {
    ...screen.preset,
    ...(screen.owner ? { owner: screen.owner } : {}),
    ...Object.fromEntries([...params.entries()].filter(([k]) => entity.list.filters.includes(k))),
    ...Object.fromEntries(Object.entries(bound).filter(([k]) => k !== 'id')),
  };
}

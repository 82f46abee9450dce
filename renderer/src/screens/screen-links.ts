import type { ScreenMeta } from '../meta/meta-types.ts';
import { fillPath } from './screen-params.ts';

type Target = Pick<ScreenMeta, 'path' | 'params'>;
type Row = Record<string, unknown>;

/**
 * The address of one record's screen (its edit form, its page): the screen's path with its parameters filled from the
 * row and the route the user is on, and ?id= where no parameter names the record. Undefined when a parameter cannot be filled: a
 * link is then not offered rather than pointing at a literal ":id".
 */
export function recordAddress(target: Target, current: Record<string, string>, row: Row): string | undefined {
  const byQuery = `?id=${encodeURIComponent(String(row.id))}`;
  if (!target.path.includes(':')) return target.path + byQuery;
  const path = fillPath(target, current, row, row.id);
  // a path whose parameters are all about something else (/monthly/:month/edit) names the record by ?id=
  const params = target.params ?? {};
  const namesRecord =
    Object.values(params).includes('id') || (params.id === undefined && /\/:id(\/|$)/.test(target.path));
  return path && (namesRecord ? path : path + byQuery);
}

/**
 * Where a form goes back to after saving or cancelling: its list, with the list's parameters filled from the form's
 * values and the route (a pillar's form returns to /strategic-plan/3/pillar), and the parent filters it came with;
 * undefined when the list's address cannot be made (then the form goes back in the history).
 */
export function listAddress(
  list: Target | undefined,
  current: Record<string, string>,
  values: Row,
  parentParams: [string, string][],
): string | undefined {
  if (!list) return undefined;
  const path = list.path.includes(':') ? fillPath(list, current, values) : list.path;
  return path && `${path}${parentParams.length ? '?' + new URLSearchParams(parentParams) : ''}`;
}

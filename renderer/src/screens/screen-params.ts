import { matchPath } from 'react-router';
import type { ScreenMeta } from '../meta/meta-types.ts';

type Values = Record<string, string | number>;
const asValue = (v: string): string | number => (/^[0-9]+$/.test(v) ? Number(v) : v);

/** The parameters of the route the screen is on (/strategic-plan/:id/pillar → { id: "3" }). */
export function routeParams(screen: ScreenMeta, pathname: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(matchPath(screen.path, pathname)?.params ?? {}).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
}

/**
 * The field values a screen's `params` name, from its route (:id) or, failing that, from the query string (?cardId=):
 * { strategicPlanId: 3 } for /strategic-plan/3/pillar with params { id: "strategicPlanId" }; "id" is the record a form edits.
 */
export function boundValues(screen: ScreenMeta, pathname: string, search: URLSearchParams): Values {
  const route = routeParams(screen, pathname);
  const out: Values = {};
  for (const [param, field] of Object.entries(screen.params ?? {})) {
    const v = route[param] ?? search.get(param);
    if (v !== null && v !== undefined && v !== '') out[field] = asValue(v);
  }
  return out;
}

/**
 * The address of another screen (an add or edit form) with its route parameters filled in: the one that names the
 * record (bound to "id", else ":id" itself) from `recordId`; one bound to a field from `fields` (the row's record, or
 * the values the list is about); any other from the route the user is on, else from the field of its name. Undefined
 * when one cannot be filled.
 */
export function fillPath(
  target: { path: string; params?: Record<string, string> },
  current: Record<string, string>,
  fields: Record<string, unknown>,
  recordId?: unknown,
): string | undefined {
  const params = target.params ?? {};
  const recordParam =
    Object.keys(params).find((k) => params[k] === 'id') ?? (params.id === undefined ? 'id' : undefined);
  let missing = false;
  const path = target.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    let v: unknown;
    if (name === recordParam && recordId !== undefined) v = recordId;
    else if (params[name] && params[name] !== 'id') v = fields[params[name]] ?? current[name];
    // a parameter no field is bound to: the route's, else the row's field of that name (/projects/:id/:type), but
    // never the row's own id for an unbound :id (that names another record, the one the route is about)
    else v = current[name] ?? (name === 'id' ? undefined : fields[name]);
    if (v === undefined || v === null || v === '') missing = true;
    return missing ? '' : encodeURIComponent(String(v));
  });
  return missing ? undefined : path;
}

import type { ScreenMeta } from '../meta/meta-types.ts';
import { fillPath } from './screen-params.ts';

type Row = Record<string, unknown>;

/**
 * Where a record's child panel links: the child's list, add and edit screens, with their route parameters filled in
 * from the parent (the parameter bound to the child's field that names it: /strategic-plan/:id/pillar/add with
 * { id: "strategicPlanId" }; or to a field the parent carries too: an objective's plan, from its pillar), and from the
 * child's row; the parent also goes in the address as a query parameter (a form fills it in, a list filters by it)
 * unless the route names it: under the name of the screen's query parameter bound to it (?projectId= for params
 * { projectId: "projectId" }, ?annualPlanId= for { annualPlanId: "executionPlanId" }), else as ?<via>=. Undefined when
 * a parameter cannot be filled, so that no link leads to an address with :id in it.
 */
export function childLink(target: ScreenMeta, via: string, parent: Row, row?: Row): string | undefined {
  if (row)
    return target.path.includes(':')
      ? fillPath(target, {}, { ...row, [via]: row[via] ?? parent.id }, row.id)
      : `${target.path}?id=${String(row.id)}`;
  const path = target.path.includes(':')
    ? fillPath(target, {}, { ...parent, id: undefined, [via]: parent.id })
    : target.path;
  if (path === undefined) return undefined;
  const param = Object.entries(target.params ?? {}).find(([, field]) => field === via)?.[0];
  if (param !== undefined && new RegExp(`/:${param}(/|$)`).test(target.path)) return path;
  return `${path}?${param ?? via}=${String(parent.id)}`;
}
